import AppInputs

/// The pure decisions of the TCP probe phase (spec §2.4), kept apart from sockets so they can
/// be tested directly.
public enum SecondaryProbeRule {
    /// Whether the secondary port group is probed after the primary group.
    ///
    /// Never when a primary probe answered (reachable or refused: the host is found). Otherwise
    /// `always` probes it; `never` does not; `skip_when_all_primary_timed_out` probes it only
    /// when some primary probe ended in something other than a timeout (a failure such as
    /// EHOSTUNREACH, or a `.waiting` treated as failure), the review's priority 3;
    /// `on_found_hosts` never does here (it probes found hosts after the primary pass).
    public static func shouldProbeSecondary(
        primary: [PortProbeOutcome],
        policy: Strategy.SecondaryProbePolicy
    ) -> Bool {
        if primary.contains(where: \.isAnswer) { return false }
        switch policy {
        case .always: return true
        case .never, .onFoundHosts: return false
        case .skipWhenAllPrimaryTimedOut:
            let finished = primary.filter { $0 != .cancelled }
            return !finished.allSatisfy { $0 == .timeout }
        }
    }

    /// The timeout for a group: the fixed value, or the tracker's adaptive one from `baseMs`.
    public static func timeoutMs(baseMs: Int, mode: Strategy.TimeoutMode, tracker: RTTTracker) -> Double {
        switch mode {
        case .fixed: Double(baseMs)
        case .adaptive: tracker.adaptiveTimeout(baseMs: Double(baseMs))
        }
    }

    /// Host concurrency at phase start: `max(1, floor(base × multiplier))` when thermal scaling
    /// is on, else the base.
    public static func hostConcurrency(base: Int, thermalScaling: Bool, thermal: ThermalThrottle) -> Int {
        thermalScaling ? thermal.effectiveLimit(base) : max(1, base)
    }
}
