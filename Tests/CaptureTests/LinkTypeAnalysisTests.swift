import Testing
@testable import Capture
import Wire

@Suite("Link types and the text report")
struct LinkTypeAnalysisTests {
    static let a = IPv4Address(198, 18, 0, 2), b = IPv4Address(198, 18, 0, 3)

    static func ipSYN() -> [UInt8] {
        PacketBuilder.ipv4(source: a, destination: b, protocol: .tcp, payload:
            PacketBuilder.tcp(source: a, destination: b, sourcePort: 1, destinationPort: 22, sequence: 5, flags: .syn))
    }

    @Test func linuxCookedRawAndUnknownLinks() {
        var sll: [UInt8] = [0, 4, 0, 1, 0, 6] + [2, 0, 0, 0, 0, 2, 0, 0] + [0x08, 0x00]
        sll += Self.ipSYN()
        let cooked = WireAnalyzer.analyze(packets: [CapturedPacket(timestamp: 1, originalLength: sll.count, data: sll)],
                                          linkType: LinkType(dlt: 113))
        #expect(cooked.totals.tcpSyn == 1 && cooked.tcp.attempts == 1)
        let raw = WireAnalyzer.analyze(packets: [CapturedPacket(timestamp: 1, originalLength: 40, data: Self.ipSYN())],
                                       linkType: LinkType(dlt: 101))
        #expect(raw.totals.tcpSyn == 1)
        let short = WireAnalyzer.analyze(packets: [CapturedPacket(timestamp: 1, originalLength: 40, data: [0, 4, 0])],
                                         linkType: .linuxCooked)
        #expect(short.totals.malformed == 1 && short.totals.malformedByLayer == ["link": 1])
        let unknown = WireAnalyzer.analyze(packets: [CapturedPacket(timestamp: 1, originalLength: 3, data: [1, 2, 3])],
                                           linkType: LinkType(dlt: 147))
        #expect(unknown.totals.unsupportedLink == 1)
    }

    @Test func textReportNamesTheScannerAndTheFigures() {
        let analysis = WireAnalyzer.analyze(packets: WireAnalyzerTests.scan().packets)
        let text = analysis.textReport(file: "scan.pcap")
        #expect(text.contains("inferred 198.18.0.2 as the scanner"))
        #expect(text.contains("attempts (first SYNs)"))
        #expect(text.split(separator: "\n").contains { $0.contains("SYN retransmissions") && $0.hasSuffix(" 1") })
        #expect(text.contains("198.18.0.11"))   // the echo target's RTT row
    }
}
