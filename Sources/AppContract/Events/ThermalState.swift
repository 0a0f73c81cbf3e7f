/// The device's thermal state, as NetMonitor's `ThermalThrottleMonitor` reads it from the OS.
///
/// Linux has no equivalent signal, so a strategy scripts it (`budget.thermal_script`).
public enum ThermalState: String, Sendable, Codable, CaseIterable, StrategyChoice {
    case nominal, fair, serious, critical

    /// NetMonitor's multiplier: nominal/fair 1.0, serious 0.5, critical 0.25.
    public var multiplier: Double {
        switch self {
        case .nominal, .fair: 1.0
        case .serious: 0.5
        case .critical: 0.25
        }
    }

    /// `max(1, floor(base × multiplier))`, the rule applied to every throttled limit.
    public func effectiveLimit(_ base: Int) -> Int {
        max(1, Int((Double(base) * multiplier).rounded(.down)))
    }
}
