import AppContract

/// Something that watches a run from the side — the publishing/UI model plugs in here.
///
/// The runner calls `scanStarted` before the pipeline, `progress` for every engine progress
/// report (any thread), `phaseEnded` when a phase's `phase_end` is logged, and `scanFinished`
/// after the engine returns; the summary it returns goes into the scan report.
public protocol ScanObserver: Sendable {
    func scanStarted(accumulator: ScanAccumulator) async
    func progress(_ progress: ScanProgress, accumulator: ScanAccumulator)
    func phaseEnded(_ phaseID: String)
    func scanFinished(accumulator: ScanAccumulator) async -> ObserverSummary
}
