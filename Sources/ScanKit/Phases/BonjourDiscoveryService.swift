import AppContract
import Synchronization
import Wire
import AppInputs

/// NetMonitor's `BonjourDiscoveryService` as the app holds it (spec §2.3, ADR-007): one service
/// for the app session's lifetime, one browsing session per scan, and a generation counter.
///
/// Why it exists: a `scanbench scan` makes a fresh browser per run and nothing reads it once the
/// run is over, so a late callback cannot hurt. In the app the user cancels a scan and starts
/// another (leaving and re-opening the network screen); the service list the new scan reads is
/// the service's, and the old session's teardown is asynchronous — NWBrowser callbacks already
/// queued still run, and here the old browser's receive thread hands over what it read during its
/// last poll (up to 50 ms, `DiscoverySocket.close`) after `stop` returned. ADR-007 tags every
/// callback with the generation that started its browser and drops it unless current; without
/// that, a late answer lands in the new session's list.
///
/// `begin` increments the generation, tears down the previous session's browser (its callbacks may
/// still come) and returns a fresh browser — an empty list — for the new session. Callbacks from
/// an older generation are counted: `discarded` with `generationCheck`, else `applied` to the
/// current browser's list; each is logged as `stale_callback`.
public final class BonjourDiscoveryService: Sendable {
    /// What happened to callbacks from sessions that were no longer current.
    public struct StaleCounts: Sendable, Equatable {
        public var discarded = 0
        public var applied = 0
        public init(discarded: Int = 0, applied: Int = 0) { self.discarded = discarded; self.applied = applied }
    }

    private struct State: Sendable {
        var generation = 0
        var current: BonjourBrowser?
        var stale = StaleCounts()
    }

    /// `bonjour.generation_check`.
    public let generationCheck: Bool
    private let events: (any EventSink)?
    private let state = Mutex(State())

    /// - Parameters:
    ///   - generationCheck: discard callbacks of earlier sessions (ADR-007) or apply them.
    ///   - events: where `stale_callback` goes (the app's route: the scan running then).
    public init(generationCheck: Bool, events: (any EventSink)?) {
        self.generationCheck = generationCheck
        self.events = events
    }

    /// The current session's generation; 0 before the first `begin`.
    public var generation: Int { state.withLock { $0.generation } }

    /// Stale callbacks so far.
    public var stale: StaleCounts { state.withLock { $0.stale } }

    /// Starts a session: the next generation, the previous browser stopped, a new one returned
    /// (not yet started: the phase or the runner starts it per `browse_from`).
    /// - Parameters:
    ///   - settings: the scan's `bonjour` section.
    ///   - events: the scan's event log (the browser's packets and answers).
    public func begin(settings: Strategy.Bonjour, events: (any EventSink)?) -> BonjourBrowser {
        let (previous, browser) = state.withLock { state -> (BonjourBrowser?, BonjourBrowser) in
            state.generation += 1
            let browser = BonjourBrowser(settings: settings, events: events, session: (self, state.generation))
            defer { state.current = browser }
            return (state.current, browser)
        }
        previous?.stop()
        return browser
    }

    /// Stops the current session's browser, at the end of the app session.
    public func close() {
        let current = state.withLock { state in
            defer { state.current = nil }
            return state.current
        }
        current?.stop()
    }

    /// An answer a browser of `generation` received: into the current list, or discarded.
    func deliver(_ message: DNSMessage, receivedNs: UInt64, from sender: IPv4Address, generation: Int) {
        // A late answer of an old session that is not discarded goes into the list the current scan reads.
        let (passes, target) = admit(kind: .answer, generation: generation, from: sender)
        if passes { target?.apply(message, receivedNs: receivedNs) }
    }

    /// Whether a query timer of a browser of `generation` may fire.
    func admitTimer(generation: Int) -> Bool {
        admit(kind: .timer, generation: generation, from: nil).passes
    }

    /// Current callbacks pass; stale ones are counted, logged, and pass unless `generationCheck`.
    /// - Returns: whether it passes, and the current session's browser (the list it goes into).
    private func admit(
        kind: StaleCallbackKind,
        generation: Int,
        from: IPv4Address?
    ) -> (passes: Bool, target: BonjourBrowser?) {
        let (verdict, current, target) = state.withLock { state -> (StaleCallbackAction?, Int, BonjourBrowser?) in
            guard generation != state.generation else { return (nil, state.generation, state.current) }
            if generationCheck {
                state.stale.discarded += 1
            } else {
                state.stale.applied += 1
            }
            return (generationCheck ? .discarded : .applied, state.generation, state.current)
        }
        guard let verdict else { return (true, target) }
        events?.record(
            .staleCallback(.init(kind: kind, generation: generation, current: current, action: verdict, from: from))
        )
        return (!generationCheck, target)
    }
}
