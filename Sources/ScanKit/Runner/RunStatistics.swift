import AppContract
import Platform
import Synchronization

/// An event sink in front of the run's log that keeps the summary numbers as events pass, in the
/// one fold every reader of events shares (`EventTally`): connections created, in flight and
/// their peak, budget waits, `.waiting` errors and phase times (in ns since the statistics
/// began). Forwards everything to `next`.
public final class RunStatistics: EventSink {
    private let next: (any EventSink)?
    private let tally = Mutex(EventTally())
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
        tally.withLock { $0.add(event, at: now) }
        var ended: String?
        if case .phaseEnd(let end) = event { ended = end.phase }
        next?.record(event)
        if let ended, let body = onPhaseEnd.withLock({ $0 }) { body(ended) }
    }

    /// The tally now.
    public var current: EventTally { tally.withLock { $0 } }
}
