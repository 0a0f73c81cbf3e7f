import Fixture
import Testing
import Wire

/// What "discoverable" means, checked on the model alone: which devices count against recall and
/// the earliest moment any scanner could know one.
@Suite("Discoverability")
struct DiscoverabilityTests {
    static func device(arp: Fixture.ARPBehaviour? = nil, delayMs: Double? = nil) -> Fixture.Device {
        var device = Fixture.Device(
            name: "d",
            ip: IPv4Address("198.18.0.9")!,
            mac: MACAddress("02:00:00:00:00:09")!,
            category: .iot
        )
        device.arp = arp
        device.link = delayMs.map { Fixture.LinkImpairment(delayMs: $0) }
        return device
    }

    static let ssdp = Fixture.SSDPService(
        deviceType: "urn:schemas-upnp-org:device:Basic:1",
        uuid: "u",
        server: "s",
        locationPort: 80,
        delayMs: 40
    )

    @Test("a device that never answers ARP and announces nothing is invisible; an announcement makes it findable")
    func silentDeviceIsNotDiscoverable() {
        var silent = Self.device(arp: .init(replyProbability: 0))
        #expect(!Discoverability.isDiscoverable(silent))
        #expect(Discoverability.floorMs(silent, scannerLink: nil) == nil)
        silent.ssdp = Self.ssdp
        #expect(Discoverability.isDiscoverable(silent))
        #expect(Discoverability.isDiscoverable(Self.device()), "ARP answered by default")
    }

    @Test("the floor is both links' round trip plus the quickest answer the fixture allows")
    func floorIsTheFastestAnswer() {
        var device = Self.device(arp: .init(replyDelayMs: 700, replyProbability: 0.5), delayMs: 6)
        let scanner = Fixture.LinkImpairment(delayMs: 2)
        #expect(Discoverability.truthRTTMs(device, scannerLink: scanner) == 16)
        #expect(Discoverability.floorMs(device, scannerLink: scanner) == 716)
        device.mdns = [Fixture.MDNSService(type: "_hap._tcp", instance: "Lamp", port: 8080, delayMs: 120)]
        #expect(Discoverability.floorMs(device, scannerLink: scanner) == 136)
        device.ssdp = Self.ssdp
        #expect(Discoverability.floorMs(device, scannerLink: scanner) == 56)
    }
}
