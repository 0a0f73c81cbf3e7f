import AppContract
import Synchronization
import AppInputs

/// Hands discovery state to a main-actor UI model the way a strategy's `publishing` section says
/// (spec §4), and measures what it costs the main actor: publishes, main-thread busy time, frames
/// late and the worst hitch of a 60 Hz `UIFrameProbe`.
///
/// Isolation:
/// - `main_actor` (NetMonitor): the discovery state lives on the main actor. Every progress
///   callback hops there — the throttle bookkeeping and the snapshot hand-off run on the main
///   actor even when nothing is published.
/// - `own_actor` (review priority 1): the state lives in its own actor; only a publish hops to
///   the main actor.
///
/// Every callback takes a sorted accumulator snapshot (as NetMonitor's does). Triggers are
/// processed in order by one consumer task.
///
/// Use from a runner:
/// ```swift
/// let publishing = PublishingModel(settings: strategy.publishing, accumulator: engine.accumulator, events: log)
/// await publishing.start()                               // frame probe begins on the main actor
/// let engine = ScanEngine(..., events: publishing.tap(log)) // phase ends reach the publisher
/// let result = await engine.run(pipeline, context: context, onProgress: publishing.progressHandler)
/// let report = await publishing.finish()                 // final publish, probe stopped
/// ```
/// The process must drain the main queue (an `AsyncParsableCommand`'s async `run` does).
public final class PublishingModel: Sendable {
    /// What the publishing cost over the run.
    public struct Cost: Sendable, Equatable, Codable {
        /// Progress callbacks received.
        public var callbacks = 0
        public var publishes = 0
        /// Nanoseconds the main actor spent on discovery state and the UI model.
        public var mainBusyNs: UInt64 = 0
        public var frames = 0
        public var framesLate = 0
        public var worstHitchNs: UInt64 = 0

        enum CodingKeys: String, CodingKey {
            case callbacks, publishes, frames
            case mainBusyNs = "main_busy_ns"
            case framesLate = "frames_late"
            case worstHitchNs = "worst_hitch_ns"
        }
        public init() {}
    }

    enum Item: Sendable {
        case trigger(PublishThrottle.Trigger?, fraction: Double)
        case final
    }

    public let settings: Strategy.Publishing
    private let continuation: AsyncStream<Item>.Continuation
    private let consumer: Task<Cost, Never>
    private let probe = Mutex<UIFrameProbe?>(nil)
    private let events: (any EventSink)?
    private let callbacks = Atomic<Int>(0)

    /// - Parameters:
    ///   - settings: the strategy's `publishing` section.
    ///   - accumulator: the run's device store.
    ///   - events: where `publish` and `frame_probe` go.
    public init(settings: Strategy.Publishing, accumulator: ScanAccumulator, events: (any EventSink)?) {
        self.settings = settings
        self.events = events
        let (stream, continuation) = AsyncStream.makeStream(of: Item.self)
        self.continuation = continuation
        switch settings.isolation {
        case .mainActor:
            consumer = Task { @MainActor in
                let state = MainActorDiscoveryState(settings: settings, events: events)
                for await item in stream {
                    let devices = await accumulator.sortedSnapshot()
                    state.handle(item, devices: devices)
                }
                return state.report
            }
        case .ownActor:
            let state = DiscoveryStateActor(settings: settings, events: events)
            consumer = Task {
                for await item in stream {
                    let devices = await accumulator.sortedSnapshot()
                    await state.handle(item, devices: devices)
                }
                return await state.report
            }
        }
    }

    /// Starts the frame probe on the main actor.
    public func start() async {
        let events = events
        let started = await MainActor.run { () -> UIFrameProbe in
            let probe = UIFrameProbe(events: events)
            probe.start()
            return probe
        }
        probe.withLock { $0 = started }
    }

    /// The engine's `onProgress`: one trigger per callback.
    public var progressHandler: @Sendable (ScanProgress) -> Void {
        { [self] progress in
            callbacks.wrappingAdd(1, ordering: .relaxed)
            continuation.yield(
                .trigger(.progress(fraction: progress.fraction, devices: 0), fraction: progress.fraction)
            )
        }
    }

    /// Tells the publisher a phase ended (the `tap` sink does this from `phase_end` events).
    public func phaseEnded() {
        continuation.yield(.trigger(.phaseEnded, fraction: -1))
    }

    /// A sink that forwards every event to `sink` and turns `phase_end` into `phaseEnded()`;
    /// give it to the `ScanEngine` so phase boundaries reach the publisher.
    public func tap(_ sink: (any EventSink)?) -> any EventSink {
        PublishingEventTap(forward: sink, model: self)
    }

    /// Publishes the final state, waits for the queue to drain, stops the probe.
    public func finish() async -> Cost {
        continuation.yield(.final)
        continuation.finish()
        var report = await consumer.value
        report.callbacks = callbacks.load(ordering: .relaxed)
        if let probe = probe.withLock({ $0 }) {
            let stats = await MainActor.run { () -> FrameStatistics in
                probe.stop()
                return probe.statistics
            }
            report.frames = stats.frames
            report.framesLate = stats.lateFrames
            report.worstHitchNs = stats.worstHitchNs
        }
        return report
    }
}

/// Forwards events and reports phase ends to a `PublishingModel`.
struct PublishingEventTap: EventSink {
    let forward: (any EventSink)?
    let model: PublishingModel

    func record(_ event: ScanEvent) {
        forward?.record(event)
        if case .phaseEnd = event { model.phaseEnded() }
    }
}
