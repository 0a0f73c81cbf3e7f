/// How a phase run ended.
public enum PhaseOutcome: String, Sendable, Codable, Equatable {
    /// `execute` returned before the deadline.
    case completed
    /// The deadline hit first; the engine moved on and left the phase's task cancelled but
    /// possibly still running (its later progress reports are dropped).
    case abandoned
    /// The scan itself was cancelled while the phase ran.
    case cancelled
}
