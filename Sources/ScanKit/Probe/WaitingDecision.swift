import AppInputs

/// What a probe does with a connection state under a strategy's `.waiting` policy.
public enum WaitingDecision: Sendable, Equatable {
    /// End the probe with this outcome.
    case finish(PortProbeOutcome)
    /// Keep waiting (the caller's timer decides).
    case keepWaiting

    /// The decision for `state`, observed `elapsedMs` after the probe started.
    ///
    /// - `ready` → reachable; `failed(ECONNREFUSED)` → refused; other `failed` → failed;
    ///   `cancelled` → cancelled (NetMonitor's state handler, spec §2.4 step 3).
    /// - `waiting(error)`: `fail` ends the probe as failed (a refusal is then *not* counted
    ///   as alive); `timer` ignores it; `inspect_error` counts ECONNREFUSED as refused
    ///   (alive) and leaves other errors to the timer. Which NetMonitor version did which:
    ///   docs/STRATEGIES.md, `tcp.waiting_policy`.
    public static func decide(
        _ state: ConnectionState,
        elapsedMs: Double,
        policy: Strategy.WaitingPolicy
    ) -> WaitingDecision {
        switch state {
        case .setup, .preparing:
            return .keepWaiting
        case .ready:
            return .finish(.reachable(ms: elapsedMs))
        case .failed(let error):
            return .finish(error.isRefusal ? .refused(ms: elapsedMs) : .failed(error: error.name))
        case .cancelled:
            return .finish(.cancelled)
        case .waiting(let error):
            switch policy {
            case .fail: return .finish(.failed(error: error.name))
            case .timer: return .keepWaiting
            case .inspectError: return error.isRefusal ? .finish(.refused(ms: elapsedMs)) : .keepWaiting
            }
        }
    }
}
