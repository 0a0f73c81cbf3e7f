import CaptureFiles
import OrderStatistics

/// Order statistics over one target's RTT samples of one probe kind (nanoseconds).
public struct RTTSummary: Sendable, Equatable, Codable {
    public var count: Int
    public var min: Int64
    /// `Percentile` 50 (an even count's median is the mean of the two middle values), truncated
    /// to whole nanoseconds.
    public var median: Int64
    public var mean: Int64
    public var max: Int64

    /// Summarises `values`; nil when empty.
    public init?(_ values: [Int64]) {
        guard let sample = SortedSample(values) else { return nil }
        count = sample.count
        min = sample.min
        max = sample.max
        median = Int64(sample.percentile(50))
        // Summed in 128 bits: a hostile file's round trips reach 2^62 ns (the analysis's clamp on
        // timestamps), and seven of them overflowed Int64 (a trap, not a figure). The mean of
        // values in Int64 fits Int64.
        mean = Int64(sample.values.reduce(Int128(0)) { $0 + Int128($1) } / Int128(sample.count))
    }
}
