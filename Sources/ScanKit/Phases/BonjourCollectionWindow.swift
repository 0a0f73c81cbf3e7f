import Platform
import AppInputs

/// When the Bonjour phase stops collecting services: NetMonitor's adaptive poll-until-quiet loop
/// or a fixed wait. Pure decision logic; the clock and the sleep are injected so tests can drive
/// it without waiting.
///
/// Adaptive (spec §2.3 step 1): every `pollMs` read the service count; stop when elapsed ≥
/// `maxMs`, or when elapsed ≥ `minMs` and the count has not grown for `quietMs`. "Not grown" is
/// judged at poll times, as NetMonitor's loop does. Elapsed time counts from `originNs` — the scan
/// start when the browse starts before the pipeline (`browse_from: scan_start`).
public struct BonjourCollectionWindow: Sendable, Equatable {
    public var window: Strategy.Window

    public init(_ window: Strategy.Window) { self.window = window }

    /// The loop's state between polls.
    public struct State: Sendable, Equatable {
        public var lastCount = 0
        /// Elapsed ms at the poll that last saw the count grow (0 at the start).
        public var lastGrowthMs = 0
        public init() {}
    }

    /// Records a poll and says whether to stop.
    /// - Parameters:
    ///   - elapsedMs: time since the origin.
    ///   - count: services found so far.
    /// - Returns: true to stop collecting.
    public func poll(_ state: inout State, elapsedMs: Int, count: Int) -> Bool {
        if count > state.lastCount {
            state.lastCount = count
            state.lastGrowthMs = elapsedMs
        }
        switch window.mode {
        case .fixed:
            return elapsedMs >= window.fixedMs
        case .adaptive:
            if elapsedMs >= window.maxMs { return true }
            return elapsedMs >= window.minMs && elapsedMs - state.lastGrowthMs >= window.quietMs
        }
    }

    /// How long to sleep before the next poll (fixed windows sleep straight to their end).
    public func nextSleepMs(elapsedMs: Int) -> Int {
        switch window.mode {
        case .fixed: max(0, window.fixedMs - elapsedMs)
        case .adaptive: max(1, min(window.pollMs, window.maxMs - elapsedMs))
        }
    }

    /// Runs the loop until it says stop.
    /// - Parameters:
    ///   - originNs: when the window's clock started.
    ///   - now: the clock (`MonotonicClock.now` in production).
    ///   - sleep: sleeps the given milliseconds (`Task.sleep` in production).
    ///   - count: reads the current number of services.
    /// - Returns: elapsed ms when it stopped.
    @discardableResult
    public func run(
        originNs: UInt64,
        now: () -> UInt64,
        sleep: (Int) async -> Void,
        count: () async -> Int
    ) async -> Int {
        var state = State()
        while true {
            let elapsed = Int((now() &- originNs) / 1_000_000)
            if poll(&state, elapsedMs: elapsed, count: await count()) || Task.isCancelled { return elapsed }
            await sleep(nextSleepMs(elapsedMs: elapsed))
        }
    }
}
