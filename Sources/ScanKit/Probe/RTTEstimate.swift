/// The RFC 6298-style smoothed round-trip estimate NetMonitor's `RTTTracker` keeps, as a value.
///
/// First sample r: SRTT = r, RTTVAR = r/2. Later samples: RTTVAR ← ¾·RTTVAR + ¼·|SRTT − r|,
/// then SRTT ← ⅞·SRTT + ⅛·r. Samples ≤ 0 are ignored. All values are milliseconds.
public struct RTTEstimate: Sendable, Equatable {
    /// Smoothed round-trip time, nil before the first sample.
    public private(set) var srtt: Double?
    /// Round-trip variation, nil before the first sample.
    public private(set) var rttvar: Double?
    /// Accepted samples so far.
    public private(set) var sampleCount = 0

    public init() {}

    /// Feeds one sample; a sample ≤ 0 (or not finite) changes nothing.
    public mutating func add(_ sampleMs: Double) {
        guard sampleMs > 0, sampleMs.isFinite else { return }
        if let srtt, let rttvar {
            self.rttvar = 0.75 * rttvar + 0.25 * abs(srtt - sampleMs)
            self.srtt = 0.875 * srtt + 0.125 * sampleMs
        } else {
            srtt = sampleMs
            rttvar = sampleMs / 2
        }
        sampleCount += 1
    }

    /// `base` until `minimumSamples` samples arrived, then clamp(SRTT + 4·RTTVAR, floor, ceiling).
    /// - Parameters:
    ///   - baseMs: the timeout to use while the estimate is young (NetMonitor: 500 or 800).
    ///   - floorMs: lower clamp (NetMonitor: 100).
    ///   - ceilingMs: upper clamp (NetMonitor: 1000).
    ///   - minimumSamples: samples needed before adapting (NetMonitor: 3).
    public func timeout(
        baseMs: Double,
        floorMs: Double = 100,
        ceilingMs: Double = 1000,
        minimumSamples: Int = 3
    ) -> Double {
        guard sampleCount >= minimumSamples, let srtt, let rttvar else { return baseMs }
        return min(max(srtt + 4 * rttvar, floorMs), ceilingMs)
    }
}
