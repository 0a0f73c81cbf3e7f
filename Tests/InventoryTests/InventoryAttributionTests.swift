import CaptureFiles
import CaptureAnalysis
import Inventory
import Report
import Results
import SyntheticFrames
import Testing
import Wire

/// Per-device attribution on a synthetic capture whose answers are known frame by frame.
@Suite("Inventory attribution")
struct InventoryAttributionTests {
    static let scanner = IPv4Address(192, 168, 1, 50)
    static let router = IPv4Address(192, 168, 1, 1)
    static let printerMoved = IPv4Address(192, 168, 1, 77)
    static let plug = IPv4Address(192, 168, 1, 82)
    static let ghost = IPv4Address(192, 168, 1, 99)
    static let stranger = IPv4Address(192, 168, 1, 40)
    static let internet = IPv4Address(17, 1, 2, 3)

    typealias LAN = SyntheticLAN

    static let printerMAC = MACAddress("3c:d9:2b:7e:41:a6")!
    static let routerMAC = MACAddress("02:00:00:00:00:01")!

    /// The scan: the router answers ARP, ping, SYN-ACK (handshake) and SSDP; the printer, moved
    /// by DHCP to .77, answers ARP and mDNS naming itself; the plug answers RST only; the ghost
    /// is asked and never answers; a stranger answers ARP; an internet host answers TCP.
    static func capture() -> [CapturedPacket] {
        let s = scanner
        var lan = LAN()
        for target in [router, printerMoved, plug, ghost, stranger] { lan.arp(.request, s, target) }
        lan.arp(.reply, router, s)
        lan.arp(.reply, printerMoved, s, senderMAC: printerMAC)
        lan.arp(.reply, plug, s)
        lan.arp(.reply, stranger, s)
        lan.ip(s, router, .icmp, PacketBuilder.icmpEcho(reply: false, identifier: 7, sequence: 1))
        lan.ip(router, s, .icmp, PacketBuilder.icmpEcho(reply: true, identifier: 7, sequence: 1))
        lan.tcp(s, 40080, router, 80, .syn, seq: 100)
        lan.tcp(router, 80, s, 40080, [.syn, .ack], seq: 900, ack: 101)
        lan.tcp(s, 40080, router, 80, .ack, seq: 101, ack: 901)
        lan.tcp(s, 40022, router, 22, .syn, seq: 200)
        lan.tcp(router, 22, s, 40022, [.rst, .ack], seq: 0, ack: 201)
        lan.udp(
            s,
            50000,
            IPv4Address(239, 255, 255, 250),
            1900,
            Array(
                "M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: \"ssdp:discover\"\r\nST: ssdp:all\r\nMX: 1\r\n\r\n"
                    .utf8
            )
        )
        lan.udp(router, 1900, s, 50000, Array("HTTP/1.1 200 OK\r\nST: upnp:rootdevice\r\nUSN: uuid:1\r\n\r\n".utf8))
        let query = DNSMessage(questions: [DNSQuestion(name: "_ipp._tcp.local", type: .ptr)]).encoded()
        lan.udp(s, 5353, IPv4Address(224, 0, 0, 251), 5353, query)
        let response = DNSMessage(
            isResponse: true,
            isAuthoritative: true,
            answers: [
                DNSResourceRecord(name: "printer.local", data: .a(printerMoved), ttl: 120)
            ]
        ).encoded()
        lan.udp(printerMoved, 5353, IPv4Address(224, 0, 0, 251), 5353, response, sourceMAC: printerMAC)
        lan.tcp(s, 40631, plug, 631, .syn, seq: 300)
        lan.tcp(plug, 631, s, 40631, [.rst, .ack], seq: 0, ack: 301)
        lan.tcp(s, 40443, ghost, 443, .syn, seq: 400)
        lan.tcp(s, 40443, internet, 443, .syn, seq: 500, sourceMAC: LAN.mac(s))
        lan.tcp(internet, 443, s, 40443, [.syn, .ack], seq: 5000, ack: 501, sourceMAC: routerMAC)
        return lan.packets
    }

    static let inventory = Inventory(devices: [
        .init(name: "router", ip: router, mac: routerMAC, category: .router),
        .init(name: "printer", ip: IPv4Address(192, 168, 1, 60), mac: printerMAC, category: .printer, hostname: "hp"),
        .init(name: "plug", ip: plug, category: .iot),
        .init(name: "ghost", ip: ghost, category: .camera),
        .init(name: "tablet", mac: MACAddress("02:aa:00:00:00:01")!, category: .tablet),
    ])

    static func yield(scanner: IPv4Address? = scanner) -> WireYield {
        let analysis = WireAnalyzer.analyze(
            packets: capture(),
            options: AnalysisOptions(scanner: scanner, tracksHosts: true)
        )
        return InventoryAttribution.yield(of: analysis, inventory: inventory, file: "lan.yaml")
    }

    @Test("each device's answers, by protocol, as the frames say")
    func perDevice() throws {
        let yield = Self.yield()
        let byName = Dictionary(uniqueKeysWithValues: yield.devices.map { ($0.name, $0) })
        let router = try #require(byName["router"])
        #expect(router.matchedBy == "ip_and_mac" && router.wireIp == "192.168.1.1" && router.contacted)
        #expect(router.answered == ["arp", "icmp", "tcp_syn_ack", "tcp_rst", "ssdp"])
        #expect(router.tcpAttempts == 2 && router.tcpOutcomes == ["open": 1, "closed": 1])
        #expect(router.openPorts == [80] && router.closedPorts == [22] && router.connections == 1)

        let printer = try #require(byName["printer"])
        #expect(printer.matchedBy == "mac" && printer.wireIp == "192.168.1.77" && printer.inventoryIp == "192.168.1.60")
        #expect(printer.answered == ["arp", "mdns"] && printer.namedByMdns && printer.contacted)

        let plug = try #require(byName["plug"])
        #expect(plug.answered == ["arp", "tcp_rst"] && plug.openPorts.isEmpty && plug.closedPorts == [631])

        let ghost = try #require(byName["ghost"])
        #expect(ghost.contacted && ghost.answered.isEmpty && ghost.tcpOutcomes == ["no_answer": 1])
        #expect(ghost.packetsFromScanner == 2 && ghost.packetsToScanner == 0)

        let tablet = try #require(byName["tablet"])
        #expect(tablet.matchedBy == "none" && tablet.wireIp == nil && !tablet.contacted && tablet.answered.isEmpty)
    }

    @Test("the summary: discoverable, by protocol, never answered, hosts the inventory lacks")
    func summary() {
        let yield = Self.yield()
        #expect(yield.scanner == "192.168.1.50")
        #expect(yield.inventoryDevices == 5 && yield.contacted == 4 && yield.discoverable == 3)
        #expect(yield.foundByProtocol == ["arp": 3, "icmp": 1, "tcp_syn_ack": 1, "tcp_rst": 2, "mdns": 1, "ssdp": 1])
        #expect(yield.neverAnswered == ["ghost", "tablet"])
        // The stranger is local and unlisted; the printer's old address is not on the wire; the
        // internet host is not local.
        #expect(yield.notInInventory.map(\.ip) == ["192.168.1.40"])
        #expect(
            yield.notInInventory.first?.answered == ["arp"] && yield.notInInventory.first?.macs == ["02:00:00:00:00:28"]
        )
    }

    @Test("an inferred scanner gives the same yield as a given one")
    func inferred() {
        #expect(Self.yield(scanner: nil) == Self.yield())
    }

    @Test("the Markdown has the yield section and a row per device")
    func markdown() {
        let text = WireYieldReport.markdown(Self.yield())
        #expect(text.contains("## Yield from the wire"))
        #expect(text.contains("| **discoverable** (answered anything) | **3 / 5** |"))
        #expect(text.contains("| `ghost` | camera | 192.168.1.99 | ip | yes | **never** | 1 (no_answer 1) | — | 0 |"))
        #expect(text.contains("| 192.168.1.40 | 02:00:00:00:00:28 | arp | 1 | 1 |"))
        #expect(text.contains("Never answered: `ghost`, `tablet`."))
    }

    @Test("without tracksHosts the analyzer keeps no host facts (no cost to plain analyze)")
    func offByDefault() {
        let analysis = WireAnalyzer.analyze(packets: Self.capture(), options: AnalysisOptions(scanner: Self.scanner))
        #expect(!analysis.hosts.isSeen(Self.router))
    }
}
