import OrderStatistics

/// Order statistics of a small sample: what the report prints and the gate compares for a metric
/// over repetitions — the count, the extremes, the median and the quartiles of OrderStatistics'
/// `SortedSample` (the one place a sample is sorted and its percentiles taken; the capture's
/// `RTTSummary` starts there too).
///
/// Medians and ranges rather than mean ± standard deviation, because scan timings are skewed and
/// often multi-modal (package-benchmark's `AboutPercentiles`, hyperfine's critics).
public typealias SampleSummary = SortedSample<Double>

extension SortedSample where Value == Double {
    public var median: Double { percentile(50) }
    /// First and third quartiles (`Percentile`: linear interpolation between order statistics, type 7).
    public var q1: Double { percentile(25) }
    public var q3: Double { percentile(75) }

    /// Whether every value was the same.
    public var hasSpread: Bool { max > min }
}
