@testable import Fixture
import Foundation
import Testing
import Wire

/// The fixtures shipped in `fixtures/lans/` load, and each keeps the property it exists for.
@Suite("Built-in fixtures")
struct BuiltinFixtureTests {
    /// The package root: this file is `<root>/Tests/FixtureTests/BuiltinFixtureTests.swift`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String {
        packageRoot.appendingPathComponent("fixtures/lans/\(name).yaml").path
    }

    static func load(_ name: String) throws -> Fixture {
        try FixtureLoader.load(path(name))
    }

    @Test("every built-in fixture loads", arguments: ["home", "tiny", "office"])
    func loads(name: String) throws {
        let fixture = try Self.load(name)
        #expect(fixture.name == name)
        #expect(fixture.network.gateway == IPv4Address("198.18.0.1")!)
        #expect(fixture.network.scanner.ip == IPv4Address("198.18.0.50")!)
        #expect(fixture.devices.contains { $0.ip == fixture.network.gateway && $0.category == .router })
        for device in fixture.devices {
            #expect(device.notes?.isEmpty == false, "\(name): device \(device.name) has no notes")
        }
    }

    @Test func everyYAMLFileInTheDirectoryLoads() throws {
        let directory = Self.packageRoot.appendingPathComponent("fixtures/lans").path
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }
        #expect(Set(files).isSuperset(of: ["home.yaml", "tiny.yaml", "office.yaml"]))
        for file in files {
            #expect(throws: Never.self, "\(file)") { try FixtureLoader.load("\(directory)/\(file)") }
        }
    }

    @Test func homeHasEveryCategoryAndEnoughDevices() throws {
        let home = try Self.load("home")
        #expect(home.devices.count >= 28)
        #expect(home.network.subnet == IPv4Network("198.18.0.0/24")!)
        #expect(home.network.dnsDomain == "home.arpa")
        #expect(home.network.scanner.mac == MACAddress("02:5b:00:00:00:32")!)
        let categories = Set(home.devices.map(\.category))
        for category in Fixture.DeviceCategory.allCases {
            #expect(categories.contains(category), "home has no \(category.rawValue)")
        }
    }

    /// The failure modes of the architecture review, each by the device property that makes it.
    @Test func homeExercisesTheReviewFailureModes() throws {
        let devices = try Self.load("home").devices
        func any(_ what: Comment, _ predicate: (Fixture.Device) -> Bool) {
            let found = devices.contains(where: predicate)
            #expect(found, what)
        }
        let probed = [80, 443, 22, 445, 7000, 8080, 8443, 62078, 5353, 9100, 1883, 554, 548]
        func hasMDNS(_ d: Fixture.Device) -> Bool { !(d.mdns ?? []).isEmpty }
        func answersARP(_ d: Fixture.Device) -> Bool { (d.arp?.replyProbability ?? 1) > 0 }
        func noOpenPort(_ d: Fixture.Device) -> Bool { d.tcpPorts.openPorts.isEmpty }

        any("sleeping phone: late or unreliable ARP") {
            $0.category == .phone && (($0.arp?.replyDelayMs ?? 0) >= 300 || ($0.arp?.replyProbability ?? 1) < 1)
        }
        #expect(devices.filter { $0.category == .phone && $0.arp != nil }.count >= 3)
        any("a phone with every port filtered but 62078") {
            $0.category == .phone && $0.tcpPorts.defaultPolicy == .filtered && $0.tcpPorts.openPorts == [62078]
        }
        any("a Mac with 22, 445, 548, 5900") { Set($0.tcpPorts.openPorts).isSuperset(of: [22, 445, 548, 5900]) }
        any("AirPlay /info on 7000") { $0.airplay != nil && $0.tcpPorts.state(of: 7000) == .open }
        any("Chromecast eureka_info") { $0.chromecast != nil && $0.tcpPorts.state(of: 8009) == .open }
        any("a printer on 631 and 9100") {
            $0.category == .printer && $0.tcpPorts.state(of: 631) == .open && $0.tcpPorts.state(of: 9100) == .open
        }
        any("a NAS on 445 and 5000") {
            $0.category == .storage && $0.tcpPorts.state(of: 445) == .open && $0.tcpPorts.state(of: 5000) == .open
        }
        any("a camera with RTSP") {
            $0.category == .camera && ($0.banners ?? []).contains { $0.protocol == .rtsp && $0.port == 554 }
        }
        any("a console with no open port that answers ping") {
            $0.category == .gaming && noOpenPort($0) && $0.tcpPorts.defaultPolicy == .filtered && $0.answersEcho
        }
        any("visible only by ARP") {
            answersARP($0) && !$0.answersEcho && noOpenPort($0) && $0.tcpPorts.defaultPolicy == .filtered
                && !hasMDNS($0) && $0.ssdp == nil
        }
        any("visible only by mDNS") {
            !answersARP($0) && !$0.answersEcho && noOpenPort($0) && $0.tcpPorts.defaultPolicy == .filtered
                && hasMDNS($0) && $0.ssdp == nil
        }
        any("visible only by SSDP") {
            !answersARP($0) && !$0.answersEcho && $0.ssdp != nil && !hasMDNS($0)
                && $0.tcpPorts.openPorts == [$0.ssdp!.locationPort] && $0.tcpPorts.defaultPolicy == .filtered
        }
        any("a Windows PC dropping everything but 445") {
            $0.tcpPorts.openPorts == [445] && $0.tcpPorts.defaultPolicy == .filtered && !$0.answersEcho
        }
        any("a host whose every probed port is closed") { d in
            d.answersEcho && probed.allSatisfy { d.tcpPorts.state(of: $0) == .closed }
        }
        any("a device behind poor Wi-Fi") {
            ($0.link?.delayMs ?? 0) >= 20 && ($0.link?.jitterMs ?? 0) > 0 && ($0.link?.lossPercent ?? 0) > 0
        }
        #expect(
            devices.filter { ($0.mdns ?? []).contains { ($0.delayMs ?? 0) >= 5000 && ($0.delayMs ?? 0) <= 10000 } }
                .count >= 2,
            "slow Bonjour (5-10 s) on at least two devices"
        )
        #expect(
            devices.filter { ($0.ssdp?.delayMs ?? 0) >= 2000 && ($0.ssdp?.delayMs ?? 0) < 3000 }.count >= 2,
            "UPnP answers late in the MX 3 window on at least two devices"
        )
        any("IoT with no TCP port at all") { $0.category == .iot && noOpenPort($0) }
        any("a device no TCP probe finds (nothing probed is open)") { d in
            d.answersEcho && answersARP(d) && probed.allSatisfy { d.tcpPorts.state(of: $0) != .open }
        }
    }

    @Test func homeAndTinyHaveTheWHOISChain() throws {
        for name in ["home", "tiny"] {
            let fixture = try Self.load(name)
            let upstream = try #require(fixture.upstream, "\(name) has no upstream")
            #expect(upstream.routerCount == 2)
            #expect(upstream.segment == IPv4Network("198.19.200.0/24")!)
            let hosts = Set(upstream.servers.map(\.hostname))
            #expect(
                hosts == ["whois.iana.example", "whois.nic.example", "whois.registrar.example", "whois.rir.example"]
            )
            let iana = try #require(upstream.servers.first { $0.hostname == "whois.iana.example" })
            #expect(iana.whois?.contains { $0.query == "example" && $0.refer == "whois.nic.example" } == true)
            #expect(iana.whois?.contains { $0.query == "AS64496-AS64511" && $0.refer == "whois.rir.example" } == true)
            let nic = try #require(upstream.servers.first { $0.hostname == "whois.nic.example" })
            #expect(nic.whois?.first?.text?.contains("Registrar WHOIS Server: whois.registrar.example") == true)
            let rir = try #require(upstream.servers.first { $0.hostname == "whois.rir.example" })
            #expect(rir.whois?.contains { $0.text?.contains("aut-num:        AS64500") == true } == true)
        }
    }

    @Test func tinyIsSmallAndHasASlowLink() throws {
        let tiny = try Self.load("tiny")
        #expect(tiny.devices.count == 5)
        #expect(tiny.devices.contains { $0.link?.delayMs == 20 })
    }

    @Test func officeHidesMostDevicesAboveTheFirst24() throws {
        let office = try Self.load("office")
        #expect(office.network.subnet == IPv4Network("198.18.0.0/23")!)
        #expect(office.devices.count >= 80)
        let upper = IPv4Network("198.18.1.0/24")!
        let inUpper = office.devices.filter { upper.contains($0.ip) }.count
        #expect(inUpper * 2 > office.devices.count, "\(inUpper) of \(office.devices.count) in 198.18.1.0/24")
        #expect(Set(office.devices.map(\.category)).count >= 8)
    }
}
