/// The one definition of a sample percentile in ScanBench: every median, quartile and p95 that
/// results.json, the report, `compare` and `analyze` print comes from here.
///
/// Linear interpolation between order statistics (Hyndman & Fan 1996, type 7; R's and NumPy's
/// default): the p-th percentile of n sorted values sits at position `p/100 × (n − 1)`, and a
/// position between two values takes the straight line between them. So the median of an even
/// count is the mean of the two middle values, and p95 of 5 values is 80 % of the way from the
/// 4th to the 5th. Exact over the sample, not an estimate from a histogram: our samples are small
/// (repetitions, devices, publishes, RTTs of one target), and tests assert exact values
/// (docs/METRICS.md, "Percentiles"; HdrHistogram was measured and not adopted, see there).
public enum Percentile {
    /// The `p`-th percentile (0–100) of `values`, in any order; nil when there are none.
    public static func of(_ values: [Double], _ p: Double) -> Double? {
        values.isEmpty ? nil : of(sorted: values.sorted(), p)
    }

    /// The `p`-th percentile (0–100) of values already sorted ascending.
    /// - Precondition: `sorted` is not empty.
    public static func of(sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty, "percentile of an empty sample")
        let position = p / 100 * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        // Exactly on a value, or between equal ones: that value. Said outright so that an infinite
        // neighbour (a time never reached, `Metric.timeTo100`) gives ∞ × 0 = NaN nowhere.
        guard fraction > 0, sorted[upper] != sorted[lower] else { return sorted[lower] }
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
