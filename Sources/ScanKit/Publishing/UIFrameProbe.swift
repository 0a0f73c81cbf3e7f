import AppContract
import Platform

/// A 60 Hz frame probe on the main actor: a task that wakes on a 16.7 ms grid and records how
/// late each wake-up ran. When the main actor is busy (publishes, discovery state), ticks run
/// late — the "UI lag" of the review as numbers: late frames (> one interval late) and the worst
/// hitch. Each tick is logged as `frame_probe`.
///
/// On Linux the main actor runs on the main dispatch queue, which only executes while the process
/// drains it: an `AsyncParsableCommand` (async `main`) does; a synchronous `main` that blocks
/// the main thread would starve the probe (every frame late).
@MainActor
public final class UIFrameProbe {
    public private(set) var statistics: FrameStatistics
    private let events: (any EventSink)?
    private let logTicks: Bool
    private var task: Task<Void, Never>?

    /// - Parameters:
    ///   - intervalNs: the frame interval (60 Hz by default).
    ///   - events: where `frame_probe` ticks go.
    ///   - logTicks: log every tick (false keeps only the statistics).
    public init(intervalNs: UInt64 = FrameStatistics.sixtyHertzNs, events: (any EventSink)?, logTicks: Bool = true) {
        statistics = FrameStatistics(intervalNs: intervalNs)
        self.events = events
        self.logTicks = logTicks
    }

    /// Starts ticking; does nothing when already running.
    public func start() {
        guard task == nil else { return }
        let origin = MonotonicClock.now()
        task = Task { @MainActor [weak self] in
            var due = origin + (self?.statistics.intervalNs ?? FrameStatistics.sixtyHertzNs)
            while !Task.isCancelled {
                let now = MonotonicClock.now()
                if due > now { try? await Task.sleep(for: .nanoseconds(due - now)) }
                guard let self, !Task.isCancelled else { return }
                let actual = MonotonicClock.now()
                let late = self.statistics.record(dueNs: due, actualNs: actual)
                if self.logTicks {
                    self.events?.record(.frameProbe(.init(lateNs: late, intervalNs: self.statistics.intervalNs)))
                }
                due = self.statistics.nextDue(originNs: origin, actualNs: actual)
            }
        }
    }

    /// Stops ticking.
    public func stop() {
        task?.cancel()
        task = nil
    }
}
