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

/// What a `ScanObserver` reports at the end of a run.
public struct ObserverSummary: Sendable, Equatable, Codable {
    /// Publishes to the UI model.
    public var publishes: Int
    /// Milliseconds the main actor spent on discovery state and the UI model.
    public var mainBusyMs: Double?
    /// 60 Hz frames observed, and how many ran late.
    public var frames: Int?
    public var framesLate: Int?
    /// The worst frame hitch, ms.
    public var worstHitchMs: Double?

    enum CodingKeys: String, CodingKey {
        case publishes, frames
        case mainBusyMs = "main_busy_ms"
        case framesLate = "frames_late"
        case worstHitchMs = "worst_hitch_ms"
    }

    public init(publishes: Int, mainBusyMs: Double? = nil, frames: Int? = nil, framesLate: Int? = nil, worstHitchMs: Double? = nil) {
        self.publishes = publishes
        self.mainBusyMs = mainBusyMs
        self.frames = frames
        self.framesLate = framesLate
        self.worstHitchMs = worstHitchMs
    }
}
