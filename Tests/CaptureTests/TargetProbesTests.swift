import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
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
                let frame = PacketBuilder.ethernet(
                    destination: .broadcast,
                    source: MACAddress(bytes: [2, 0, 0, 0, 0, 1])!,
                    type: .ipv4,
                    payload:
                        PacketBuilder.ipv4(
                            source: from,
                            destination: to,
                            protocol: .icmp,
                            payload: PacketBuilder.icmpEcho(reply: reply, identifier: 9, sequence: sequence)
                        )
                )
                packets.append(CapturedPacket(timestamp: time, originalLength: frame.count, data: frame))
            }
        }
        let analysis = WireAnalyzer.analyze(packets: packets, options: AnalysisOptions(scanner: a))
        #expect(analysis.rttByTarget.first?.icmpEcho?.mean == huge)
    }

    @Test("in-flight peaks found as intervals stream past equal the exact series, at 2^62 ns too")
    func peakTrackerMatchesTheSeries() {
        var generator = RandomSource(seed: 62)
        let top = Int64(1) << 62
        for round in 0..<200 {
            // Near zero, or near the clamped timestamps' top (where `time << 1` used to wrap).
            let base: Int64 = round.isMultiple(of: 2) ? 0 : top - 1_000
            var intervals: [(start: Int64, end: Int64)] = []
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                let start = base + Int64.random(in: 0...1_000, using: &generator)
                intervals.append((start, start + Int64.random(in: 0...2_000, using: &generator)))
            }
            var tracker = InFlightPeakTracker()
            for interval in intervals { tracker.start(at: interval.start) }
            for interval in intervals.shuffled(using: &generator) { tracker.end(at: interval.end) }
            tracker.flush(before: .max)
            let series = InFlightSeries(intervals: intervals)
            #expect(tracker.series.peak == series.peak && tracker.series.peakAt == series.peakAt, "round \(round)")
        }
        // Through the analyzer, counts only against the listed attempts: a SYN at 0 answered at 2^62 ns.
        let a = IPv4Address(198, 18, 0, 50), b = IPv4Address(198, 18, 0, 7)
        let mac = MACAddress(bytes: [2, 0, 0, 0, 0, 1])!
        var packets: [CapturedPacket] = []
        let frames: [(Int64, IPv4Address, IPv4Address, TCPFlags)] = [(0, a, b, .syn), (top, b, a, [.syn, .ack])]
        for (time, from, to, flags) in frames {
            let frame = PacketBuilder.ethernet(
                destination: mac,
                source: mac,
                type: .ipv4,
                payload:
                    PacketBuilder.ipv4(
                        source: from,
                        destination: to,
                        protocol: .tcp,
                        payload:
                            PacketBuilder.tcp(
                                source: from,
                                destination: to,
                                sourcePort: from == a ? 40_000 : 80,
                                destinationPort: from == a ? 80 : 40_000,
                                sequence: 1,
                                acknowledgment: from == a ? 0 : 2,
                                flags: flags
                            )
                    )
            )
            packets.append(CapturedPacket(timestamp: time, originalLength: frame.count, data: frame))
        }
        func analyze(listing: Bool) -> WireAnalysis {
            var analyzer = WireAnalyzer(options: AnalysisOptions(scanner: a, keepsAttempts: listing))
            for packet in packets { analyzer.add(packet) }
            return analyzer.finish()
        }
        let counted = analyze(listing: false), listed = analyze(listing: true)
        #expect(counted.attemptsInFlight.peak == 1 && counted.attemptsInFlight.peak == listed.attemptsInFlight.peak)
        #expect(
            counted.awaitingAnswer.peak == listed.awaitingAnswer.peak
                && counted.awaitingAnswer.peakAt == listed.awaitingAnswer.peakAt
        )
    }
}
