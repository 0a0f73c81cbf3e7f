import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
import Wire

@Suite("Link types and the text report")
struct LinkTypeAnalysisTests {
    static let a = IPv4Address(198, 18, 0, 2), b = IPv4Address(198, 18, 0, 3)

    static func ipSYN() -> [UInt8] {
        PacketBuilder.ipv4(
            source: a,
            destination: b,
            protocol: .tcp,
            payload:
                PacketBuilder.tcp(
                    source: a,
                    destination: b,
                    sourcePort: 1,
                    destinationPort: 22,
                    sequence: 5,
                    flags: .syn
                )
        )
    }

    @Test func linuxCookedRawAndUnknownLinks() {
        var sll: [UInt8] = [0, 4, 0, 1, 0, 6] + [2, 0, 0, 0, 0, 2, 0, 0] + [0x08, 0x00]
        sll += Self.ipSYN()
        let cooked = WireAnalyzer.analyze(
            packets: [CapturedPacket(timestamp: 1, originalLength: sll.count, data: sll)],
            linkType: LinkType(dlt: 113)
        )
        #expect(cooked.totals.tcpSyn == 1 && cooked.tcp.attempts == 1)
        let raw = WireAnalyzer.analyze(
            packets: [CapturedPacket(timestamp: 1, originalLength: 40, data: Self.ipSYN())],
            linkType: LinkType(dlt: 101)
        )
        #expect(raw.totals.tcpSyn == 1)
        let short = WireAnalyzer.analyze(
            packets: [CapturedPacket(timestamp: 1, originalLength: 40, data: [0, 4, 0])],
            linkType: .linuxCooked
        )
        #expect(short.totals.malformed == 1 && short.totals.malformedByLayer == ["link": 1])
        let unknown = WireAnalyzer.analyze(
            packets: [CapturedPacket(timestamp: 1, originalLength: 3, data: [1, 2, 3])],
            linkType: LinkType(dlt: 147)
        )
        #expect(unknown.totals.unsupportedLink == 1)
    }

    @Test(
        "BSD loopback (NULL): AF_INET in either byte order; AF_INET6 as NetBSD/OpenBSD, FreeBSD and macOS write it; anything else is other"
    )
    func nullLinkFamilies() {
        func analyze(_ family: UInt32, bigEndian: Bool, _ payload: [UInt8]) -> WireAnalysis {
            let value = bigEndian ? family.bigEndian : family.littleEndian
            let header = withUnsafeBytes(of: value) { Array($0) }
            return WireAnalyzer.analyze(
                packets: [CapturedPacket(timestamp: 1, originalLength: payload.count + 4, data: header + payload)],
                linkType: LinkType(dlt: 0)
            )
        }
        for bigEndian in [false, true] {
            let v4 = analyze(2, bigEndian: bigEndian, Self.ipSYN())
            #expect(v4.totals.tcpSyn == 1 && v4.tcp.attempts == 1)
            for family: UInt32 in [24, 28, 30] {
                let v6 = analyze(family, bigEndian: bigEndian, [0x60] + [UInt8](repeating: 0, count: 39))
                #expect(
                    v6.totals.ipv6 == 1 && v6.totals.otherEthernet == 0,
                    "AF_INET6 = \(family), big-endian \(bigEndian)"
                )
            }
        }
        let other = analyze(7, bigEndian: false, [1, 2, 3, 4])
        #expect(other.totals.ipv6 == 0 && other.totals.otherEthernet == 1)
    }

    @Test func textReportNamesTheScannerAndTheFigures() {
        let analysis = WireAnalyzer.analyze(packets: WireAnalyzerTests.scan().packets)
        let text = analysis.textReport(file: "scan.pcap")
        #expect(text.contains("inferred 198.18.0.2 as the scanner"))
        #expect(text.contains("attempts (first SYNs)"))
        #expect(text.split(separator: "\n").contains { $0.contains("SYN retransmissions") && $0.hasSuffix(" 1") })
        #expect(text.contains("198.18.0.11"))  // the echo target's RTT row
    }

    /// The RTT table's milliseconds in integers write what `String(format: "%.3f")` writes, on
    /// both sides of every rounding edge, at the limit of the integer path and past it.
    @Test func millisecondsAreWrittenAsPrintfWritesThem() {
        var generator = RandomSource(seed: 3)
        var values: [Int64] = [
            0, 1, 499, 500, 501, 999, 1_000, 1_499, 1_500, 1_501, 999_499, 999_500, 999_999_500, 2_500,
            -1, -499, -500, -1_500, 999_999_999_999_999, 1_000_000_000_000_000, 123_456_789_012_345_500,
            .max, .min,
        ]
        for _ in 0..<20_000 {
            let magnitude = Int64(1) << Int64.random(in: 0...52, using: &generator)
            values.append(Int64.random(in: -magnitude...magnitude, using: &generator))
            values.append(
                Int64.random(in: 0...4_294_967_295, using: &generator) / 1_000 * 1_000 + [499, 500, 501].randomElement(
                    using: &generator
                )!
            )
        }
        for ns in values {
            #expect(WireAnalysis.ms(ns) == String(format: "%.3f", Double(ns) / 1e6), "\(ns) ns")
        }
    }
}
