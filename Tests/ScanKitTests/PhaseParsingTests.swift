import Testing
import Wire
@testable import ScanKit
import AppInputs

@Suite("Neighbour table, ICMP echo and PTR codecs")
struct PhaseParsingTests {
    @Test("/proc/net/arp: complete entries only, no zero or broadcast MACs, device filter")
    func neighbourTable() {
        let text = """
            IP address       HW type     Flags       HW address            Mask     Device
            198.18.0.10      0x1         0x2         3c:22:fb:1a:2b:3c     *        eth0
            198.18.0.11      0x1         0x0         00:00:00:00:00:00     *        eth0
            198.18.0.12      0x1         0x6         a4:83:e7:22:61:0d     *        eth0
            198.18.0.13      0x1         0x2         00:00:00:00:00:00     *        eth0
            198.18.0.14      0x1         0x2         ff:ff:ff:ff:ff:ff     *        eth0
            10.0.0.1         0x1         0x2         02:00:00:00:00:01     *        docker0
            198.18.0.15      0x1         0xc         02:00:00:00:00:02     *        eth0
            """
        let all = NeighbourTable.parse(text)
        #expect(all.map(\.ip.description) == ["198.18.0.10", "198.18.0.12", "10.0.0.1"])
        #expect(all.first?.mac == MACAddress("3c:22:fb:1a:2b:3c"))
        #expect(NeighbourTable.parse(text, device: "eth0").count == 2)
    }

    @Test("echo request: type 8, sequence, 16-byte payload, valid checksum; replies matched by sequence")
    func echo() throws {
        let request = ICMPEcho.request(sequence: 0x1234)
        #expect(request.count == 24)
        let decoded = try ICMPMessage(decoding: request[...])
        #expect(decoded.isChecksumValid)
        #expect(decoded.kind == .echoRequest(identifier: 0, sequence: 0x1234))
        #expect(Array(request.suffix(16)) == (0..<16).map(UInt8.init))
        var reply = request
        reply[0] = 0
        reply[2] = 0; reply[3] = 0
        let sum = InternetChecksum.compute(reply)
        reply[2] = UInt8(sum >> 8); reply[3] = UInt8(sum & 0xFF)
        #expect(ICMPEcho.replySequence(reply) == 0x1234)
        #expect(ICMPEcho.replySequence(request) == nil)
        // With a 20-byte IPv4 header in front (raw-socket style).
        let header: [UInt8] = [0x45] + [UInt8](repeating: 0, count: 19)
        #expect(ICMPEcho.replySequence(header + reply) == 0x1234)
        #expect(ICMPEcho.sequence(forIndex: 0) == 1)
        #expect(ICMPEcho.sequence(forIndex: 65535) == 1)
    }

    @Test("direct PTR query: reverse name, and the answer read back from a response")
    func ptr() throws {
        let ip = IPv4Address(198, 18, 0, 20)
        #expect(GatewayPTRQuery.reverseName(ip).description.hasPrefix("20.0.18.198.in-addr.arpa"))
        let query = try DNSMessage(bytes: GatewayPTRQuery.query(for: ip, id: 77))
        #expect(query.id == 77 && query.questions.first?.type == .ptr && query.recursionDesired)
        let response = DNSMessage(
            id: 77,
            isResponse: true,
            questions: query.questions,
            answers: [
                DNSResourceRecord(
                    name: GatewayPTRQuery.reverseName(ip),
                    data: .ptr(DNSName("annas-macbook.home.arpa")),
                    ttl: 60
                )
            ]
        )
        #expect(
            GatewayPTRQuery.answer(response.encoded(), id: 77, ip: ip)?.hasPrefix("annas-macbook.home.arpa") == true
        )
        #expect(GatewayPTRQuery.answer(response.encoded(), id: 78, ip: ip) == nil)
        #expect(ReverseDNSPhase.clean("host.home.arpa.", ip: ip) == "host.home.arpa")
        #expect(ReverseDNSPhase.clean("198.18.0.20", ip: ip) == nil)
    }

    @Test("a strategy naming a phase without a factory runs it as not built")
    func registry() {
        var registry = PhaseRegistry()
        registry.register(.arp) { ARPPhase(settings: $0.strategy.arp) }
        let input = PhaseBuildInput(strategy: Strategy(), scanStartNs: 0, randomEnrichmentPort: nil, events: nil)
        #expect(registry.make(.arp, input: input) is ARPPhase)
        #expect(registry.make(.bonjour, input: input) is NotBuiltPhase)
        #expect(!registry.isBuilt(.ssdp))
        #expect(PhaseRegistry.standard.isBuilt(.tcpProbe) && PhaseRegistry.standard.isBuilt(.reverseDNS))
    }
}
