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

    public init(
        publishes: Int,
        mainBusyMs: Double? = nil,
        frames: Int? = nil,
        framesLate: Int? = nil,
        worstHitchMs: Double? = nil
    ) {
        self.publishes = publishes
        self.mainBusyMs = mainBusyMs
        self.frames = frames
        self.framesLate = framesLate
        self.worstHitchMs = worstHitchMs
    }
}
