import Testing
@testable import Capture

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
}
