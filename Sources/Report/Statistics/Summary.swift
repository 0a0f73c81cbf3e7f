/// Order statistics of a small sample: what the report prints for a metric over repetitions.
///
/// Medians and ranges rather than mean ± standard deviation, because scan timings are skewed and
/// often multi-modal (package-benchmark's `AboutPercentiles`, hyperfine's critics).
public struct Summary: Sendable, Equatable {
    public let count: Int
    public let min: Double
    public let max: Double
    public let median: Double
    /// First and third quartiles (linear interpolation between order statistics, type 7).
    public let q1: Double
    public let q3: Double

    /// The summary of `values`, or nil when there are none.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        median = Self.quantile(sorted, 0.5)
        q1 = Self.quantile(sorted, 0.25)
        q3 = Self.quantile(sorted, 0.75)
    }

    /// Whether every value was the same.
    public var hasSpread: Bool { max > min }

    /// The `p` quantile (0…1) of already sorted values, interpolating linearly between order
    /// statistics (Hyndman & Fan type 7, as R's and NumPy's default).
    public static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty, "quantile of an empty sample")
        let position = p * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
