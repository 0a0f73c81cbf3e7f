import Platform
import Synchronization

/// An event sink in front of the run's log that keeps the summary numbers as events pass:
/// connections created, connections in flight (created until failed or cancelled) and their
/// peak, budget waits, `.waiting` errors and phase times. Forwards everything to `next`.
public final class RunStatistics: EventSink {
    /// The counters now.
    public struct Counters: Sendable, Equatable {
        public var connectionsCreated = 0
        public var inFlight = 0
        public var peakInFlight = 0
        public var budgetWaits = 0
        /// `.waiting` states by POSIX error name.
        public var waitingByError: [String: Int] = [:]
        /// `failed` states by POSIX error name.
        public var failedByError: [String: Int] = [:]
        /// Phase id → (start, end) in ns since the statistics began.
        public var phaseTimes: [String: (start: UInt64, end: UInt64?)] = [:]
        /// Phase id → outcome from `phase_end`.
        public var phaseOutcomes: [String: String] = [:]

        public static func == (lhs: Counters, rhs: Counters) -> Bool {
            lhs.connectionsCreated == rhs.connectionsCreated && lhs.peakInFlight == rhs.peakInFlight
                && lhs.budgetWaits == rhs.budgetWaits && lhs.inFlight == rhs.inFlight
        }
    }

    private let next: (any EventSink)?
    private let counters = Mutex(Counters())
    /// Monotonic ns when the statistics began (the scan's time zero).
    public let originNs: UInt64
    private let onPhaseEnd: Mutex<(@Sendable (String) -> Void)?> = Mutex(nil)

    /// - Parameter next: the sink every event is forwarded to (the JSONL log), or nil.
    public init(forwardingTo next: (any EventSink)?) {
        self.next = next
        originNs = MonotonicClock.now()
    }

    /// Called (outside the lock) after each `phase_end`.
    public func onPhaseEnd(_ body: @escaping @Sendable (String) -> Void) { onPhaseEnd.withLock { $0 = body } }

    public func record(_ event: ScanEvent) {
        let now = MonotonicClock.now() &- originNs
        var ended: String?
        counters.withLock { c in
            switch event {
            case .connectionCreated:
                c.connectionsCreated += 1
                c.inFlight += 1
                c.peakInFlight = max(c.peakInFlight, c.inFlight)
            case .connectionState(let change):
                switch change.state {
                case "waiting": c.waitingByError[change.error ?? "unknown", default: 0] += 1
                case "failed":
                    c.failedByError[change.error ?? "unknown", default: 0] += 1
                    c.inFlight -= 1
                case "cancelled": c.inFlight -= 1
                default: break
                }
            case .budgetWait: c.budgetWaits += 1
            case .phaseStart(let p): c.phaseTimes[p.phase] = (now, nil)
            case .phaseEnd(let p):
                c.phaseTimes[p.phase, default: (now, nil)].end = now
                c.phaseOutcomes[p.phase] = p.outcome
                ended = p.phase
            default: break
            }
        }
        next?.record(event)
        if let ended, let body = onPhaseEnd.withLock({ $0 }) { body(ended) }
    }

    /// The counters now.
    public var current: Counters { counters.withLock { $0 } }
}
