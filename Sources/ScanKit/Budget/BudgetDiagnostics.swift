/// Budget health numbers, as ADR-016's planned diagnostics asked for.
public struct BudgetDiagnostics: Sendable, Equatable, Codable {
    /// Slots held now.
    public var active: Int
    /// Most slots held at once during the run.
    public var peak: Int
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

    enum CodingKeys: String, CodingKey {
        case active, peak, queued, acquires, releases, waits
        case cancelledWaits = "cancelled_waits"
        case totalWaitNanoseconds = "total_wait_ns"
    }

    public init(active: Int = 0, peak: Int = 0, queued: Int = 0, acquires: Int = 0, releases: Int = 0,
                waits: Int = 0, cancelledWaits: Int = 0, totalWaitNanoseconds: UInt64 = 0) {
        self.active = active
        self.peak = peak
        self.queued = queued
        self.acquires = acquires
        self.releases = releases
        self.waits = waits
        self.cancelledWaits = cancelledWaits
        self.totalWaitNanoseconds = totalWaitNanoseconds
    }
}
