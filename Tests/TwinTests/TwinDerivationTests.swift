import CaptureFiles
import CaptureAnalysis
import Fixture
import Foundation
import Testing
import SyntheticFrames
import Twin
import Wire

/// `fixture from-capture` on a hand-built capture whose every answer and delay is known: port
/// states, ARP delay and reliability, echo, an mDNS service with a slow answer, SSDP, a PTR name,
/// and the left-out list. The derived YAML must load as a fixture.
@Suite("Twin fixture derivation")
struct TwinDerivationTests {
    typealias LAN = SyntheticLAN
    static let scanner = IPv4Address(198, 18, 0, 50)
    static let router = IPv4Address(198, 18, 0, 1)
    static let mac = IPv4Address(198, 18, 0, 20)
    static let flaky = IPv4Address(198, 18, 0, 30)
    static let talker = IPv4Address(198, 18, 0, 40)
    static let ghost = IPv4Address(198, 18, 0, 99)
    static let start: Int64 = 1_700_000_000_000_000_000

    static func at(_ lan: inout LAN, ms: Double) { lan.now = start + Int64(ms * 1e6) - 1_000_000 }

    static func capture() throws -> String {
        var lan = LAN()
        // The ARP sweep: .1 to .254, one request a millisecond (.k asked at k − 1 ms); .1 answers in
        // 2 ms, .20 in 34 ms, .30 to one of two requests.
        at(&lan, ms: 0)
        for last in 1...254 { lan.arp(.request, scanner, IPv4Address(198, 18, 0, UInt8(last))) }
        at(&lan, ms: 2); lan.arp(.reply, router, scanner)
        at(&lan, ms: 53); lan.arp(.reply, mac, scanner)
        at(&lan, ms: 300); lan.arp(.request, scanner, flaky)
        at(&lan, ms: 302); lan.arp(.reply, flaky, scanner)
        at(&lan, ms: 310); lan.arp(.request, talker, router)  // talks, never answers the scanner
        // Echo: .20 answers in 2 ms (three times), .30 never.
        for (i, t) in [400.0, 500, 600].enumerated() {
            at(&lan, ms: t);
            lan.ip(scanner, mac, .icmp, PacketBuilder.icmpEcho(reply: false, identifier: 7, sequence: UInt16(i)))
            at(&lan, ms: t + 2);
            lan.ip(mac, scanner, .icmp, PacketBuilder.icmpEcho(reply: true, identifier: 7, sequence: UInt16(i)))
        }
        at(&lan, ms: 700);
        lan.ip(scanner, flaky, .icmp, PacketBuilder.icmpEcho(reply: false, identifier: 7, sequence: 9))
        // TCP on .20: 22 open, 80 closed, 443 filtered (sent twice, never answered).
        at(&lan, ms: 800); lan.tcp(scanner, 40001, mac, 22, .syn, seq: 1)
        at(&lan, ms: 802); lan.tcp(mac, 22, scanner, 40001, [.syn, .ack], seq: 9, ack: 2)
        at(&lan, ms: 810); lan.tcp(scanner, 40002, mac, 80, .syn, seq: 1)
        at(&lan, ms: 812); lan.tcp(mac, 80, scanner, 40002, [.rst, .ack], seq: 0, ack: 2)
        at(&lan, ms: 820); lan.tcp(scanner, 40003, mac, 443, .syn, seq: 1)
        at(&lan, ms: 1820); lan.tcp(scanner, 40003, mac, 443, .syn, seq: 1)
        // mDNS: the scanner asks for _ssh._tcp; .20 answers 300 ms later (slower than RFC 6762's 120).
        let query = DNSMessage(questions: [DNSQuestion(name: "_ssh._tcp.local", type: .ptr)])
        at(&lan, ms: 2000); lan.udp(scanner, 5353, IPv4Address(224, 0, 0, 251), 5353, query.encoded())
        let answer = DNSMessage(
            isResponse: true,
            isAuthoritative: true,
            answers: [
                DNSResourceRecord(name: "_ssh._tcp.local", data: .ptr("Studio._ssh._tcp.local"), ttl: 4500)
            ],
            additionals: [
                DNSResourceRecord(
                    name: "Studio._ssh._tcp.local",
                    data: .srv(priority: 0, weight: 0, port: 22, target: "studio.local"),
                    ttl: 120
                ),
                DNSResourceRecord(
                    name: "Studio._ssh._tcp.local",
                    data: .txt(strings: ["model=Mac14,13", "path=/"]),
                    ttl: 4500
                ),
                DNSResourceRecord(name: "studio.local", data: .a(mac), ttl: 120),
            ]
        )
        at(&lan, ms: 2300); lan.udp(mac, 5353, IPv4Address(224, 0, 0, 251), 5353, answer.encoded())
        // SSDP: M-SEARCH, the router answers 200 ms later.
        let search =
            "M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: \"ssdp:discover\"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n"
        at(&lan, ms: 3000); lan.udp(scanner, 50000, IPv4Address(239, 255, 255, 250), 1900, Array(search.utf8))
        let ssdp =
            "HTTP/1.1 200 OK\r\nST: urn:schemas-upnp-org:device:InternetGatewayDevice:1\r\nUSN: uuid:1234-abcd::urn:schemas-upnp-org:device:InternetGatewayDevice:1\r\nSERVER: Test/1.0 UPnP/1.0\r\nLOCATION: http://198.18.0.1:49000/igd.xml\r\n\r\n"
        at(&lan, ms: 3202); lan.udp(router, 1900, scanner, 50000, Array(ssdp.utf8))
        // DNS: PTR for .20 answered by the router with a name; PTR for .30 answered NXDOMAIN.
        let ptr20 = DNSMessage(
            id: 11,
            recursionDesired: true,
            questions: [DNSQuestion(name: "20.0.18.198.in-addr.arpa", type: .ptr)]
        )
        let ptr30 = DNSMessage(
            id: 12,
            recursionDesired: true,
            questions: [DNSQuestion(name: "30.0.18.198.in-addr.arpa", type: .ptr)]
        )
        at(&lan, ms: 4000); lan.udp(scanner, 33000, router, 53, ptr20.encoded())
        at(&lan, ms: 4001); lan.udp(scanner, 33001, router, 53, ptr30.encoded())
        var answer20 = ptr20
        answer20.isResponse = true
        answer20.answers = [
            DNSResourceRecord(name: "20.0.18.198.in-addr.arpa", data: .ptr("studio-mac.home.arpa"), ttl: 0)
        ]
        var answer30 = ptr30
        answer30.isResponse = true
        answer30.responseCode = .nameError
        at(&lan, ms: 4002); lan.udp(router, 53, scanner, 33000, answer20.encoded())
        at(&lan, ms: 4003); lan.udp(router, 53, scanner, 33001, answer30.encoded())

        return try lan.writePcap(prefix: "twin")
    }

    @Test("every behaviour the capture shows is in the fixture, the rest is listed as left out")
    func derivation() throws {
        let path = try Self.capture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let observations = try TwinCaptureReader.read(path: path, scanner: nil)
        #expect(observations.scanner == Self.scanner)
        let twin = try TwinDerivation.derive(observations, options: TwinOptions(name: "twin-test"))
        let fixture = twin.fixture
        #expect(fixture.network.subnet == IPv4Network("198.18.0.0/24")!)
        #expect(fixture.network.gateway == Self.router)
        #expect(fixture.network.domain == "home.arpa")
        #expect(fixture.network.scanner.mac == LAN.mac(Self.scanner))
        #expect(fixture.devices.map(\.ip) == [Self.router, Self.mac, Self.flaky])

        let router = fixture.devices[0]
        #expect(router.category == .router)
        #expect(router.ssdp?.uuid == "1234-abcd")
        #expect(router.ssdp?.deviceType == "urn:schemas-upnp-org:device:InternetGatewayDevice:1")
        #expect(router.ssdp?.locationPort == 49000 && router.ssdp?.locationPath == "/igd.xml")
        #expect(router.ssdp?.server == "Test/1.0 UPnP/1.0")
        #expect(router.ssdp?.delayMs == 200)  // 202 ms after the M-SEARCH, less its 2 ms ARP round trip
        #expect(router.tcpPorts.openPorts == [49000])

        let mac = fixture.devices[1]
        #expect(mac.name == "host-198-18-0-20" && mac.category == .computer)
        #expect(mac.hostname == "studio-mac")
        #expect(mac.mac == LAN.mac(Self.mac))
        #expect(mac.link?.delayMs == 0.9)  // half the 2 ms round trip less the testbed's own 0.2 ms
        #expect(mac.link?.jitterMs == nil)
        #expect(mac.arp?.replyDelayMs == 32)  // ARP in 34 ms vs IP in 2 ms
        #expect(mac.arp?.replyProbability == nil)
        #expect(mac.icmpEcho == true)
        #expect(
            mac.tcpPorts.openPorts == [22] && mac.tcpPorts.closedPorts == [80] && mac.tcpPorts.filteredPorts == [443]
        )
        let service = try #require(mac.mdns?.first)
        #expect(service.type == "_ssh._tcp" && service.instance == "Studio" && service.port == 22)
        #expect(service.txt == ["model": "Mac14,13", "path": "/"])
        #expect(service.delayMs == 298)

        let flaky = fixture.devices[2]
        #expect(flaky.arp?.replyProbability == 0.5)
        #expect(flaky.icmpEcho == false)
        #expect(flaky.hostname == nil)  // its PTR query got NXDOMAIN
        #expect(flaky.tcp == nil)

        // 254 asked: three answered, the scanner's own address, and .40 named for talking.
        #expect(twin.leftOut.contains { $0.contains("198.18.0.40") && $0.contains("never answered") })
        #expect(twin.leftOut.contains { $0.hasPrefix("249 probed addresses never answered") })
        #expect(twin.leftOut.contains { $0.contains("host-198-18-0-30: no TCP port probed") })
        #expect(twin.leftOut.contains { $0.contains("UPnP description") })

        let yaml = twin.yaml(command: "test")
        let loaded = try FixtureLoader.load(text: yaml, file: "twin.yaml")
        #expect(loaded == fixture)
        #expect(yaml.hasPrefix("# Twin fixture derived from a capture: test"))
    }

    @Test("the testbed's own round trip is taken off before halving, and says so; 0 keeps the capture's whole")
    func testbedRoundTrip() throws {
        let path = try Self.capture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let observations = try TwinCaptureReader.read(path: path, scanner: Self.scanner)
        let whole = try TwinDerivation.derive(
            observations,
            options: TwinOptions(name: "twin-test", testbedRoundTripMs: 0)
        )
        #expect(whole.fixture.devices.first { $0.ip == Self.mac }?.link?.delayMs == 1)
        #expect(!whole.yaml(command: "test").contains("the testbed's own round trip"))
        let less = try TwinDerivation.derive(
            observations,
            options: TwinOptions(name: "twin-test", testbedRoundTripMs: 0.5)
        )
        #expect(less.fixture.devices.first { $0.ip == Self.mac }?.link?.delayMs == 0.75)
        #expect(less.yaml(command: "test").contains("the testbed's own round trip, 0.5 ms, is taken off"))
    }

    @Test("the twin's own capture compared with the original: a changed port and a slower link are differences")
    func comparison() throws {
        let path = try Self.capture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let original = try TwinCaptureReader.read(path: path, scanner: Self.scanner)
        #expect(TwinComparison.compare(original: original, twin: original).differenceCount == 0)
        var twin = original
        twin.hosts[Self.mac]?.ports[80] = .filtered
        twin.hosts[Self.mac]?.ipRTTs = [5, 5, 5]
        let comparison = TwinComparison.compare(original: original, twin: twin)
        let row = try #require(comparison.rows.first { $0.address == Self.mac })
        #expect(row.differences.contains("TCP 80 closed vs filtered"))
        #expect(row.differences.contains { $0.hasPrefix("RTT median 2.00 vs 5.00 ms") })
        #expect(comparison.differenceCount == 1)
    }

    @Test(
        "with a repeat of the original, a device's RTT may differ by the original's own repeat spread, never less than the floor"
    )
    func comparisonWithRepeat() throws {
        let path = try Self.capture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let original = try TwinCaptureReader.read(path: path, scanner: Self.scanner)
        var again = original
        again.hosts[Self.mac]?.ipRTTs = [5, 5, 5]  // the original itself moved 3 ms (2 → 5)
        var twin = original
        twin.hosts[Self.mac]?.ipRTTs = [4.5, 4.5, 4.5]  // 2.5 ms from the original: inside its own spread
        let widened = TwinComparison.compare(original: original, twin: twin, repeat: again)
        #expect(widened.differenceCount == 0, "\(widened.text)")
        let total = widened.rows.count
        #expect(widened.ceiling?.matching == total - 1)
        #expect(
            widened.text.contains("ceiling: the original against its repeat, \(total - 1) of \(total) devices match")
        )
        // Beyond the spread it still differs, and says by how much it was allowed.
        twin.hosts[Self.mac]?.ipRTTs = [5.5, 5.5, 5.5]
        let beyond = TwinComparison.compare(original: original, twin: twin, repeat: again)
        #expect(
            beyond.rows.first { $0.address == Self.mac }?.differences.contains {
                $0.contains("more than 3.00 ms apart")
            } == true
        )
        // A repeat that agrees with the original keeps the 1 ms floor.
        twin.hosts[Self.mac]?.ipRTTs = [4.5, 4.5, 4.5]
        let tight = TwinComparison.compare(original: original, twin: twin, repeat: original)
        #expect(
            tight.rows.first { $0.address == Self.mac }?.differences.contains { $0.contains("more than 1.00 ms apart") }
                == true
        )
        #expect(tight.ceiling?.matching == total)
    }

    @Test(
        "an mDNS service with SRV port 0 (DNS-SD's TXT-only _device-info) is kept, and the twin loads; one without SRV is left out"
    )
    func serviceOnPortZero() throws {
        let path = try Self.capture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var observations = try TwinCaptureReader.read(path: path, scanner: Self.scanner)
        var info = ObservedService(type: "_device-info._tcp", instance: "Leo’s iMac")
        info.port = 0
        info.txt = ["model": "iMac21,1"]
        observations.hosts[Self.mac]?.services["Leo’s iMac._device-info._tcp"] = info
        observations.hosts[Self.mac]?.services["x._ipp._tcp"] = ObservedService(type: "_ipp._tcp", instance: "x")
        let twin = try TwinDerivation.derive(observations, options: TwinOptions(name: "twin-test"))
        let services = try #require(twin.fixture.devices.first { $0.ip == Self.mac }?.mdns)
        #expect(services.contains { $0.type == "_device-info._tcp" && $0.port == 0 && $0.txt?["model"] == "iMac21,1" })
        #expect(!services.contains { $0.type == "_ipp._tcp" })
        #expect(twin.leftOut.contains { $0.contains("'x' _ipp._tcp seen without its SRV record") })
        #expect(try FixtureLoader.load(text: twin.yaml(command: "test"), file: "twin.yaml") == twin.fixture)
    }

    @Test("round trips longer than a fixture can emulate are left out and listed, and the twin still loads")
    func delaysBeyondTheFixtureRanges() throws {
        let path = try Self.capture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var observations = try TwinCaptureReader.read(path: path, scanner: Self.scanner)
        // A hostile capture's answers 2^62 ns late: 4.6e12 ms round trips, for IP and for ARP.
        observations.hosts[Self.mac]?.ipRTTs = [4.6e12, 4.6e12, 4.6e12]
        observations.hosts[Self.router]?.ipRTTs = [2, 2, 2]
        observations.hosts[Self.router]?.arpRTTs = [4.6e12, 4.6e12, 4.6e12]
        let twin = try TwinDerivation.derive(observations, options: TwinOptions(name: "twin-test"))
        let mac = try #require(twin.fixture.devices.first { $0.ip == Self.mac })
        #expect(mac.link == nil)
        #expect(
            twin.leftOut.contains { $0.hasPrefix("\(mac.name): a one-way delay of") && $0.hasSuffix("no link delay") }
        )
        let router = try #require(twin.fixture.devices.first { $0.ip == Self.router })
        #expect(router.arp?.replyDelayMs == nil)
        #expect(twin.leftOut.contains { $0.contains("an ARP reply delay of") })
        let loaded = try FixtureLoader.load(text: twin.yaml(command: "test"), file: "twin.yaml")
        #expect(loaded == twin.fixture)
    }

    @Test("a missing file and a file that is no capture fail with the analyzer's errors")
    func errors() throws {
        #expect(throws: CaptureError.self) {
            try TwinCaptureReader.read(path: "/nonexistent/x.pcap", scanner: Self.scanner)
        }
        let path = NSTemporaryDirectory() + "twin-\(UUID().uuidString).pcap"
        try Data("not a capture".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: CaptureError.self) { try TwinCaptureReader.read(path: path, scanner: Self.scanner) }
    }
}
