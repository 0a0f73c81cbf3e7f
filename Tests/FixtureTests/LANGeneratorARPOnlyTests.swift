@testable import Fixture
import Foundation
import Testing
import Wire

/// `scanbench fixture generate --arp-only-percent P`: exactly P % of the devices besides the
/// gateway answer ARP only, and nothing else about the LAN changes.
@Suite("LAN generator: ARP-only hosts")
struct LANGeneratorARPOnlyTests {
    static func options(_ seed: UInt64, percent: Int, devices: Int = 250) -> LANGeneratorOptions {
        LANGeneratorOptions(
            seed: seed,
            devices: devices,
            subnet: IPv4Network("198.18.0.0/23")!,
            profile: .office,
            arpOnlyPercent: percent
        )
    }

    @Test(
        "P % of the devices besides the gateway, rounded, lose every answer but ARP; the rest of the LAN is the same",
        arguments: [0, 1, 33, 100]
    )
    func onlyStrips(percent: Int) throws {
        for seed in UInt64(1)...3 {
            let plain = try LANGenerator.fixture(Self.options(seed, percent: 0))
            let stripped = try LANGenerator.fixture(Self.options(seed, percent: percent))
            let changed = stripped.devices.indices.filter {
                stripped.devices[$0] != plain.devices[$0] || stripped.devices[$0].notes?.contains("ARP only") == true
            }
            #expect(changed.count == (percent * 249 + 50) / 100)
            #expect(!changed.contains(0), "the gateway keeps DNS and routing")
            for index in changed {
                let device = stripped.devices[index]
                #expect(
                    device.icmpEcho == false && device.tcp?.default == .filtered && device.tcp?.open == nil
                        && device.tcp?.closed == nil
                )
                #expect(
                    device.mdns == nil && device.ssdp == nil && device.udp == nil && device.http == nil
                        && device.wakeOnLAN == nil
                )
                var kept = plain.devices[index]
                kept.notes = device.notes
                kept.icmpEcho = false
                kept.tcp = device.tcp
                (kept.udp, kept.mdns, kept.ssdp, kept.http, kept.banners) = (nil, nil, nil, nil, nil)
                (kept.upnp, kept.airplay, kept.chromecast, kept.wakeOnLAN) = (nil, nil, nil, nil)
                #expect(kept == device, "address, MAC, name, link and sleepy ARP stay as drawn")
            }
            #expect(stripped.network == plain.network)
        }
        #expect(!Self.options(1, percent: 0).commandLine().contains("--arp-only-percent"))
        #expect(Self.options(1, percent: 33).commandLine().hasSuffix("--profile office --arp-only-percent 33"))
        #expect(try LANGenerator.yaml(Self.options(5, percent: 33)) == LANGenerator.yaml(Self.options(5, percent: 33)))
    }

    @Test("a share outside 0-100 is refused with the fix")
    func refusesOutOfRange() {
        #expect(throws: FixtureError.self) { try Self.options(1, percent: 101).validated() }
        #expect(throws: FixtureError.self) { try Self.options(1, percent: -1).validated() }
    }
}
