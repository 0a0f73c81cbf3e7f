/// How much one metric may change before `scanbench compare` calls it a regression.
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

    /// "±5 % or ±2", "0 (any worsening)", "off".
    var summary: String {
        guard gate else { return "off" }
        var parts: [String] = []
        if let relativePercent { parts.append(NumberFormat.decimal(relativePercent, digits: relativePercent.rounded() == relativePercent ? 0 : 1) + " %") }
        if let absolute { parts.append(NumberFormat.decimal(absolute, digits: absolute.rounded() == absolute ? 0 : 2)) }
        return parts.isEmpty ? "0" : parts.joined(separator: " or ")
    }
}
