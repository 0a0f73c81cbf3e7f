import AppContract

/// How the engine enforces the per-phase deadline.
public enum DeadlineMode: String, Sendable, Codable, CaseIterable, StrategyChoice {
    /// Abandon the phase at the deadline and move on, whatever it does (ScanBench's default).
    case hard
    /// NetMonitor's 30 s race in a task group: the deadline cancels the phase, but the step
    /// still waits for a phase that ignores cancellation.
    case cooperative
}
