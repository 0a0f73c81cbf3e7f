/// A sample sorted once, for its order statistics: where the report's `SampleSummary` (a metric
/// over repetitions) and the capture's `RTTSummary` (one target's round trips) both start, so the
/// count, the extremes and every percentile are taken one way (`Percentile`).
public struct SortedSample<Value: Comparable> {
    /// The values, ascending; never empty.
    public let values: [Value]

    /// Sorts `values`; nil when there are none.
    public init?(_ values: [Value]) {
        guard !values.isEmpty else { return nil }
        self.values = values.sorted()
    }

    public var count: Int { values.count }
    public var min: Value { values[0] }
    public var max: Value { values[values.count - 1] }
}

extension SortedSample where Value == Double {
    /// The `p`-th percentile (0–100), `Percentile`'s definition.
    public func percentile(_ p: Double) -> Double { Percentile.of(sorted: values, p) }
}

extension SortedSample where Value: BinaryInteger {
    /// The `p`-th percentile (0–100) of the values as `Double`s, `Percentile`'s definition.
    public func percentile(_ p: Double) -> Double { Percentile.of(sorted: values.map { Double($0) }, p) }
}

extension SortedSample: Sendable where Value: Sendable {}
extension SortedSample: Equatable where Value: Equatable {}
