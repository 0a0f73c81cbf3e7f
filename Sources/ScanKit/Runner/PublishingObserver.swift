import AppContract
import AppInputs

/// Plugs the `PublishingModel` (UI model + main-actor frame probe) into a run as its observer.
public struct PublishingObserver: ScanObserver {
    public let model: PublishingModel

    /// - Parameters:
    ///   - strategy: its `publishing` section picks the policy and isolation.
    ///   - accumulator: the run's device store.
    ///   - events: where `publish` and `frame_probe` go.
    public init(strategy: Strategy, accumulator: ScanAccumulator, events: (any EventSink)?) {
        model = PublishingModel(settings: strategy.publishing, accumulator: accumulator, events: events)
    }

    public func scanStarted(accumulator: ScanAccumulator) async { await model.start() }

    public func progress(_ progress: ScanProgress, accumulator: ScanAccumulator) { model.progressHandler(progress) }

    public func phaseEnded(_ phaseID: String) { model.phaseEnded() }

    public func scanFinished(accumulator: ScanAccumulator) async -> ObserverSummary {
        let report = await model.finish()
        return ObserverSummary(
            publishes: report.publishes,
            mainBusyMs: Double(report.mainBusyNs) / 1_000_000,
            frames: report.frames,
            framesLate: report.framesLate,
            worstHitchMs: Double(report.worstHitchNs) / 1_000_000
        )
    }
}
