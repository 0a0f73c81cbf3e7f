/// How much one metric may change before `scanbench compare` calls it a regression; each metric
/// declares its default (`Metric.threshold`), a thresholds file may override it.
///
/// For a counter, a worsening of the median is tolerated when it is within `relativePercent` of the
/// baseline's median **or** within `absolute` (either allowance suffices; a metric with neither
/// tolerates no worsening). For a timing, `relativePercent` and `absolute` are the smallest median
/// change that counts, on top of the statistical test and the effect size.
public struct MetricThreshold: Sendable, Equatable, Codable {
    /// Allowed (counter) or minimum (timing) change of the median, in % of the baseline's median.
    public var relativePercent: Double?
    /// Allowed (counter) or minimum (timing) change of the median, in the metric's unit.
    public var absolute: Double?
    /// False turns the gate off: the metric is still shown, never a regression.
    public var gate: Bool

    public init(relativePercent: Double? = nil, absolute: Double? = nil, gate: Bool = true) {
        self.relativePercent = relativePercent
        self.absolute = absolute
        self.gate = gate
    }

    enum CodingKeys: String, CodingKey {
        case absolute, gate
        case relativePercent = "relative_percent"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        relativePercent = try container.decodeIfPresent(Double.self, forKey: .relativePercent)
        absolute = try container.decodeIfPresent(Double.self, forKey: .absolute)
        gate = try container.decodeIfPresent(Bool.self, forKey: .gate) ?? true
    }
}
