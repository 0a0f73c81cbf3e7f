import Testing
@testable import Capture
import Wire

@Suite("Per-target fold: distinct ports and compact round trips")
struct TargetProbesTests {
    @Test("distinct ports counted exactly in any order, before and after the switch to a bitmap")
    func distinctPorts() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 12, TargetProbes.bitmapThreshold, TargetProbes.bitmapThreshold + 1, 5_000] {
            let ports = (0..<count).map { UInt16(truncatingIfNeeded: $0 &* 7_919 &+ 1) }
            var probes = TargetProbes()
            // Every port twice, in a shuffled order: duplicates must not count.
            for port in (ports + ports).shuffled(using: &generator) { probes.add(port: port, rtt: nil) }
            #expect(probes.distinctPorts == Set(ports).count, "\(count) ports")
            #expect(probes.rtts.count == 0)
        }
        var all = TargetProbes()
        for port in UInt16.min...UInt16.max { all.add(port: port, rtt: 1) }
        all.add(port: 0, rtt: 2)
        #expect(all.distinctPorts == 65_536 && all.rtts.count == 65_537)
    }

    @Test("round trips outside 32 bits of nanoseconds are kept whole: the summary is exact")
    func wideValues() {
        let values: [Int64] = [1_500_000, 0, Int64(UInt32.max), Int64(UInt32.max) + 1, 9_000_000_000, -5]
        var kept = RTTValues()
        for value in values { kept.append(value) }
        #expect(kept.count == values.count)
        #expect(kept.values.sorted() == values.sorted())
        #expect(RTTSummary(kept.values) == RTTSummary(values))
    }

    @Test("round trips of 2^62 ns (a hostile capture's clamped timestamps) are summarised, not a trap")
    func hugeValues() throws {
        let huge = Int64(1) << 62
        let summary = try #require(RTTSummary(Array(repeating: huge, count: 7) + [-huge, 0]))
        #expect(summary.mean == huge / 3 * 2 && summary.max == huge && summary.min == -huge && summary.median == huge)
        // Through the analyzer: seven echo requests at 0 answered at 2^62 ns.
        let a = IPv4Address(198, 18, 0, 50), b = IPv4Address(198, 18, 0, 7)
        var packets: [CapturedPacket] = []
        for sequence in UInt16(1)...7 {
            for (time, from, to, reply) in [(Int64(0), a, b, false), (huge, b, a, true)] {
                let frame = PacketBuilder.ethernet(destination: .broadcast, source: MACAddress(bytes: [2, 0, 0, 0, 0, 1])!, type: .ipv4, payload:
                    PacketBuilder.ipv4(source: from, destination: to, protocol: .icmp,
                                       payload: PacketBuilder.icmpEcho(reply: reply, identifier: 9, sequence: sequence)))
                packets.append(CapturedPacket(timestamp: time, originalLength: frame.count, data: frame))
            }
        }
        let analysis = WireAnalyzer.analyze(packets: packets, options: AnalysisOptions(scanner: a))
        #expect(analysis.rttByTarget.first?.icmpEcho?.mean == huge)
    }
}
