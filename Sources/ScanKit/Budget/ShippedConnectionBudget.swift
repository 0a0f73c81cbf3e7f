import AppContract
import Platform
import Synchronization

/// NetMonitor's `ConnectionBudget` as shipped, kept faithfully so its failure modes can be
/// measured: an actor whose `acquire` queues a non-cancellable continuation in a FIFO, whose
/// callers release through a fire-and-forget `Task { await budget.release() }`, and whose
/// `release` wakes the oldest waiter.
///
/// With `conditionalWake` it behaves as NetMonitor's earlier budget did (`budget.style`
/// `shipped_conditional_wake`, docs/STRATEGIES.md): `release` wakes a waiter only while `active <
/// effective limit`. If the thermal limit drops while slots are held (and some slots leak), waiters
/// are never woken — the ADR-016 hang.
public actor ShippedConnectionBudget: ConnectionBudget {
    private struct Waiter {
        let continuation: CheckedContinuation<Void, Never>
        let since: UInt64
    }

    public nonisolated let baseLimit: Int?
    /// True for the pre-fix wake rule.
    public nonisolated let conditionalWake: Bool
    private let thermal: ThermalThrottle
    private let events: (any EventSink)?
    private var active = 0
    private var waiters: [Waiter] = []
    private var counters = BudgetDiagnostics()

    /// - Parameters:
    ///   - limit: base number of slots (NetMonitor: 60), nil for unlimited.
    ///   - thermal: multiplier, re-read at every `acquire` (and, with `conditionalWake`, every `release`).
    ///   - conditionalWake: reproduce the pre-ADR-016 wake rule.
    ///   - events: where `budget_*` events go.
    public init(
        limit: Int?,
        thermal: ThermalThrottle = ThermalThrottle(),
        conditionalWake: Bool = false,
        events: (any EventSink)? = nil
    ) {
        precondition(limit.map { $0 >= 1 } ?? true, "a budget limit must be at least 1")
        self.baseLimit = limit
        self.thermal = thermal
        self.conditionalWake = conditionalWake
        self.events = events
    }

    private var effectiveLimit: Int? { baseLimit.map(thermal.effectiveLimit) }

    /// Takes a slot, queueing if none is free. Not cancellation-aware: a cancelled task stays
    /// queued until a release (or `reset`) wakes it, and then holds a slot like any other.
    public func acquire() async {
        let limit = effectiveLimit
        if limit.map({ active < $0 }) ?? true {
            take(waitedNs: 0, limit: limit)
            return
        }
        let since = MonotonicClock.now()
        await withCheckedContinuation { continuation in
            waiters.append(Waiter(continuation: continuation, since: since))
            events?.record(.budgetWait(.init(active: active, limit: limit, queued: waiters.count)))
        }
        // Resumed by release or reset: the slot is counted only now, as NetMonitor does.
        let waited = MonotonicClock.now() &- since
        counters.waits += 1
        counters.totalWaitNanoseconds &+= waited
        take(waitedNs: waited, limit: effectiveLimit)
    }

    /// Gives a slot back (never below zero) and wakes the oldest waiter — always, or with
    /// `conditionalWake` only while `active < effective limit`.
    /// - Parameter since: when the slot's body ended (`CLOCK_MONOTONIC` ns), for the release-lag
    ///   diagnostic; nil for a direct call.
    public func release(since: UInt64? = nil) {
        if let since {
            counters.releaseLagMaxNanoseconds = max(counters.releaseLagMaxNanoseconds, MonotonicClock.now() &- since)
        }
        active = max(active - 1, 0)
        counters.releases += 1
        let limit = effectiveLimit
        guard !waiters.isEmpty else {
            events?.record(.budgetRelease(.init(active: active, deferred: true, limit: limit, queued: 0)))
            return
        }
        if conditionalWake, let limit, active >= limit {
            events?.record(
                .budgetRelease(.init(active: active, deferred: true, limit: limit, queued: waiters.count, woke: false))
            )
            return
        }
        let woken = waiters.removeFirst()
        events?.record(
            .budgetRelease(.init(active: active, deferred: true, limit: limit, queued: waiters.count, woke: true))
        )
        woken.continuation.resume()
    }

    /// Zeroes `active` and wakes every waiter (each then takes a slot). NetMonitor's 1.0 escape
    /// hatch; no production code calls it.
    public func reset() {
        active = 0
        let woken = waiters
        waiters.removeAll()
        for waiter in woken { waiter.continuation.resume() }
    }

    /// Slots held now.
    public var activeCount: Int { active }

    /// Tasks queued now.
    public var queuedCount: Int { waiters.count }

    public func diagnostics() async -> BudgetDiagnostics {
        var d = counters
        d.active = active
        d.queued = waiters.count
        return d
    }

    /// NetMonitor's call-site pattern: `acquire`, run, then `defer { Task { await release() } }`.
    /// The release is unstructured: it runs whenever the cooperative pool gets to it.
    public nonisolated func withConnectionSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer {
            let ended = MonotonicClock.now()
            if !lostReleases.take() { Task { await self.release(since: ended) } }
        }
        return try await body()
    }

    /// Test hook, set only by ScanKit's ADR-016 forcing test: the next `count` releases of
    /// `withConnectionSlot` are lost — their fire-and-forget task is never made, so each slot
    /// stays counted as held by nobody. That is the leak ADR-016 blamed on "dropped" release
    /// tasks; Swift never drops an unstructured task, so no run produces it (docs/METRICS.md, "Hangs").
    nonisolated func loseNextReleases(_ count: Int) { lostReleases.add(count) }

    private nonisolated let lostReleases = LostReleases()

    private func take(waitedNs: UInt64, limit: Int?) {
        active += 1
        counters.acquires += 1
        counters.peak = max(counters.peak, active)
        counters.peakHeld = max(counters.peakHeld, counters.acquires - counters.releases)
        events?.record(.budgetAcquire(.init(active: active, limit: limit, waitedNs: waitedNs)))
    }
}

/// The test hook's count of releases still to lose (`ShippedConnectionBudget.loseNextReleases`).
private final class LostReleases: Sendable {
    private let pending = Mutex(0)

    func add(_ count: Int) { pending.withLock { $0 += count } }

    /// True (and one fewer pending) when this release is to be lost.
    func take() -> Bool {
        pending.withLock { pending in
            guard pending > 0 else { return false }
            pending -= 1
            return true
        }
    }
}
