/// Budget health numbers, as ADR-016's planned diagnostics asked for.
public struct BudgetDiagnostics: Sendable, Equatable, Codable {
    /// Slots held now.
    public var active: Int
    /// Most slots counted as held at once during the run (the budget's own count).
    public var peak: Int
    /// Most slots granted and not yet given back at once (grants − releases). A `reset()` zeroes
    /// the count but not this, so it exceeds `peak` when a reset forgot slots still in use.
    public var peakHeld: Int = 0
    /// Tasks queued for a slot now.
    public var queued: Int
    /// Slots granted in total.
    public var acquires: Int
    /// Slots given back in total.
    public var releases: Int
    /// Grants that had to queue first.
    public var waits: Int
    /// Waiters that left the queue because their task was cancelled (structured style only).
    public var cancelledWaits: Int
    /// Total nanoseconds spent queued by granted or cancelled waiters.
    public var totalWaitNanoseconds: UInt64
    /// The longest time from a body's end to its slot's release (shipped style: the
    /// fire-and-forget release task waits for the pool); 0 for the structured style, which
    /// releases in the same scope.
    public var releaseLagMaxNanoseconds: UInt64 = 0

    enum CodingKeys: String, CodingKey {
        case active, peak, queued, acquires, releases, waits
        case peakHeld = "peak_held"
        case cancelledWaits = "cancelled_waits"
        case totalWaitNanoseconds = "total_wait_ns"
        case releaseLagMaxNanoseconds = "release_lag_max_ns"
    }

    public init(
        active: Int = 0,
        peak: Int = 0,
        queued: Int = 0,
        acquires: Int = 0,
        releases: Int = 0,
        waits: Int = 0,
        cancelledWaits: Int = 0,
        totalWaitNanoseconds: UInt64 = 0
    ) {
        self.active = active
        self.peak = peak
        self.queued = queued
        self.acquires = acquires
        self.releases = releases
        self.waits = waits
        self.cancelledWaits = cancelledWaits
        self.totalWaitNanoseconds = totalWaitNanoseconds
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        active = try c.decode(Int.self, forKey: .active)
        peak = try c.decode(Int.self, forKey: .peak)
        queued = try c.decode(Int.self, forKey: .queued)
        acquires = try c.decode(Int.self, forKey: .acquires)
        releases = try c.decode(Int.self, forKey: .releases)
        waits = try c.decode(Int.self, forKey: .waits)
        cancelledWaits = try c.decode(Int.self, forKey: .cancelledWaits)
        totalWaitNanoseconds = try c.decode(UInt64.self, forKey: .totalWaitNanoseconds)
        releaseLagMaxNanoseconds = try c.decodeIfPresent(UInt64.self, forKey: .releaseLagMaxNanoseconds) ?? 0
        peakHeld = try c.decodeIfPresent(Int.self, forKey: .peakHeld) ?? peak
    }
}
