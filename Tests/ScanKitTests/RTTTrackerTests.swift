import Testing
@testable import ScanKit

@Suite("RTT tracker")
struct RTTTrackerTests {
    @Test func firstSampleSetsSRTTAndHalfVariance() {
        var e = RTTEstimate()
        e.add(40)
        #expect(e.srtt == 40)
        #expect(e.rttvar == 20)
        #expect(e.sampleCount == 1)
    }

    @Test func laterSamplesUseTheRFC6298Gains() {
        var e = RTTEstimate()
        e.add(40)
        e.add(80)
        // RTTVAR uses the old SRTT: 0.75·20 + 0.25·|40−80| = 25; SRTT = 0.875·40 + 0.125·80 = 45.
        #expect(e.rttvar == 25)
        #expect(e.srtt == 45)
        e.add(45)
        #expect(e.rttvar == 18.75)
        #expect(e.srtt == 45)
    }

    @Test func nonPositiveSamplesAreIgnored() {
        var e = RTTEstimate()
        e.add(0)
        e.add(-5)
        e.add(.nan)
        #expect(e.sampleCount == 0)
        #expect(e.srtt == nil)
        #expect(e.timeout(baseMs: 500) == 500)
    }

    @Test func baseTimeoutUntilThreeSamples() {
        let tracker = RTTTracker()
        tracker.record(20)
        tracker.record(20)
        #expect(tracker.adaptiveTimeout(baseMs: 500) == 500)
        tracker.record(20)
        // SRTT 20, RTTVAR 0.75·(0.75·10 + 0) + 0 = 5.625 → 20 + 22.5 = 42.5 → clamped up to 100.
        #expect(tracker.adaptiveTimeout(baseMs: 500) == 100)
        #expect(tracker.adaptiveTimeout(baseMs: 800) == 100)
    }

    @Test func adaptiveTimeoutIsClampedToOneSecond() {
        let tracker = RTTTracker()
        for sample in [300.0, 900, 200, 1200] { tracker.record(sample) }
        #expect(tracker.adaptiveTimeout(baseMs: 500) == 1000)
    }

    @Test func adaptiveTimeoutInsideTheClampIsSRTTPlusFourVariances() {
        var e = RTTEstimate()
        for sample in [60.0, 60, 60] { e.add(sample) }
        // RTTVAR: 30 → 22.5 → 16.875; SRTT stays 60 → 60 + 67.5 = 127.5.
        #expect(e.timeout(baseMs: 500) == 127.5)
    }

    @Test func convergesOnAFastLAN() {
        // NetMonitor's stated intent: a 20–80 ms LAN converges to ~100–200 ms, not 500–800.
        let tracker = RTTTracker()
        for i in 0..<50 { tracker.record(i.isMultiple(of: 2) ? 20 : 80) }
        let timeout = tracker.adaptiveTimeout(baseMs: 800)
        #expect(timeout >= 100 && timeout <= 250)
    }
}
