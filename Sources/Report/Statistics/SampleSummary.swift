import Results

/// Order statistics of a small sample: what the report prints for a metric over repetitions.
///
/// Medians and ranges rather than mean ± standard deviation, because scan timings are skewed and
/// often multi-modal (package-benchmark's `AboutPercentiles`, hyperfine's critics).
public struct SampleSummary: Sendable, Equatable {
    public let count: Int
    public let min: Double
    public let max: Double
    public let median: Double
    /// First and third quartiles (`Percentile`: linear interpolation between order statistics, type 7).
    public let q1: Double
    public let q3: Double

    /// The summary of `values`, or nil when there are none.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        median = Percentile.of(sorted: sorted, 50)
        q1 = Percentile.of(sorted: sorted, 25)
        q3 = Percentile.of(sorted: sorted, 75)
    }

    /// Whether every value was the same.
    public var hasSpread: Bool { max > min }
}
