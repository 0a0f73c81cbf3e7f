/// How far one draw of a LAN may land from the baseline's before `scanbench compare` counts it as
/// worse (or better); each metric the verdict tests declares its default (`Metric.threshold`), a
/// thresholds file may override it.
///
/// A change is within the allowance when it is within `relativePercent` of the baseline's value
/// **or** within `absolute` (either suffices; a metric with neither allows no change at all).
public struct MetricThreshold: Sendable, Equatable, Codable {
    /// Allowed change, in % of the baseline's value.
    public var relativePercent: Double?
    /// Allowed change, in the metric's unit.
    public var absolute: Double?
    /// False takes the metric out of the verdict: it is still shown, never tested.
    public var gate: Bool

    public init(relativePercent: Double? = nil, absolute: Double? = nil, gate: Bool = true) {
        self.relativePercent = relativePercent
        self.absolute = absolute
        self.gate = gate
    }

    /// Whether a change of `amount` from `base` (either sign) goes beyond the allowance.
    public func isExceeded(by amount: Double, from base: Double) -> Bool {
        let size = abs(amount)
        if size == 0 { return false }
        if let relativePercent, base != 0, size <= relativePercent / 100 * abs(base) + 1e-9 { return false }
        if let absolute, size <= absolute + 1e-9 { return false }
        return true
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
