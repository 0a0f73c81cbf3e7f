import AppContract
import Platform

import Synchronization

/// The budget NetMonitor planned in ADR-016 and never shipped: a slot is held only inside
/// `withConnectionSlot`, released in the same scope, and a task cancelled while queued leaves
/// the queue and throws `CancellationError` without ever taking a slot.
///
/// State lives behind a `Mutex` rather than in an actor so that a cancellation handler, which
/// runs synchronously on the cancelling thread, can remove its waiter at once.
public final class StructuredConnectionBudget: ConnectionBudget {
    private struct Waiter {
        let continuation: CheckedContinuation<Void, any Error>
        let since: UInt64
    }

    private struct State {
        var active = 0
        var nextID: UInt64 = 0
        /// FIFO by id (ids increase), so the smallest key is the oldest waiter.
        var waiters: [UInt64: Waiter] = [:]
        var order: [UInt64] = []
        var orderHead = 0
        var diagnostics = BudgetDiagnostics()

        mutating func popOldest() -> (UInt64, Waiter)? {
            while orderHead < order.count {
                let id = order[orderHead]
                orderHead += 1
                if let waiter = waiters.removeValue(forKey: id) {
                    compact()
                    return (id, waiter)
                }
            }
            compact()
            return nil
        }

        mutating func compact() {
            if orderHead > 1024 && orderHead * 2 > order.count {
                order.removeFirst(orderHead)
                orderHead = 0
            }
            if waiters.isEmpty {
                order.removeAll(keepingCapacity: true)
                orderHead = 0
            }
        }
    }

    public let baseLimit: Int?
    private let thermal: ThermalThrottle
    private let events: (any EventSink)?
    private let state = Mutex(State())

    /// - Parameters:
    ///   - limit: base number of slots, nil for unlimited.
    ///   - thermal: multiplier applied at every admission decision.
    ///   - events: where `budget_*` events go.
    public init(limit: Int?, thermal: ThermalThrottle = ThermalThrottle(), events: (any EventSink)? = nil) {
        precondition(limit.map { $0 >= 1 } ?? true, "a budget limit must be at least 1")
        self.baseLimit = limit
        self.thermal = thermal
        self.events = events
        thermal.observe { [weak self] _ in self?.admitWaiters() }
    }

    /// The limit now: `max(1, floor(base × multiplier))`, or nil when unlimited.
    public var effectiveLimit: Int? { baseLimit.map(thermal.effectiveLimit) }

    public func withConnectionSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await acquire()
        do {
            let result = try await body()
            release()
            return result
        } catch {
            release()
            throw error
        }
    }

    public func diagnostics() async -> BudgetDiagnostics { snapshot() }

    /// The health numbers now, synchronously.
    public func snapshot() -> BudgetDiagnostics {
        state.withLock { state in
            var d = state.diagnostics
            d.active = state.active
            d.queued = state.waiters.count
            d.peakHeld = d.peak  // no reset: the count is every slot held
            return d
        }
    }

    private func acquire() async throws {
        let limit = effectiveLimit
        // Fast path: a free slot and nobody ahead of us.
        let granted = state.withLock { state -> (Bool, Int) in
            if state.waiters.isEmpty, limit.map({ state.active < $0 }) ?? true {
                state.active += 1
                state.diagnostics.acquires += 1
                state.diagnostics.peak = max(state.diagnostics.peak, state.active)
                return (true, state.active)
            }
            return (false, state.active)
        }
        if granted.0 {
            events?.record(.budgetAcquire(.init(active: granted.1, limit: limit, waitedNs: 0)))
            return
        }
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        let since = MonotonicClock.now()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> (queued: Int, active: Int)? in
                    // The cancellation flag is set before handlers run, so either we see it here
                    // or the handler runs later and finds this waiter in the table.
                    if Task.isCancelled { return nil }
                    state.waiters[id] = Waiter(continuation: continuation, since: since)
                    state.order.append(id)
                    return (state.waiters.count, state.active)
                }
                if let outcome {
                    events?.record(.budgetWait(.init(active: outcome.active, limit: limit, queued: outcome.queued)))
                    // A release may have happened between the fast path and now.
                    admitWaiters()
                } else {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            cancelWaiter(id)
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        let removed = state.withLock { state -> (Waiter, Int)? in
            guard let waiter = state.waiters.removeValue(forKey: id) else { return nil }
            state.diagnostics.cancelledWaits += 1
            state.diagnostics.totalWaitNanoseconds &+= MonotonicClock.now() &- waiter.since
            state.compact()
            return (waiter, state.waiters.count)
        }
        guard let (waiter, queued) = removed else { return }
        events?.record(.budgetWaitCancelled(.init(queued: queued)))
        waiter.continuation.resume(throwing: CancellationError())
    }

    private func release() {
        let active = state.withLock { state -> Int in
            precondition(state.active > 0, "released a slot that was not held")
            state.active -= 1
            state.diagnostics.releases += 1
            return state.active
        }
        events?.record(.budgetRelease(.init(active: active, deferred: false)))
        admitWaiters()
    }

    /// Grants slots to the oldest waiters while the limit now allows.
    private func admitWaiters() {
        let limit = effectiveLimit
        let now = MonotonicClock.now()
        let admitted = state.withLock { state -> [(Waiter, Int)] in
            var admitted: [(Waiter, Int)] = []
            while limit.map({ state.active < $0 }) ?? true, let (_, waiter) = state.popOldest() {
                state.active += 1
                state.diagnostics.acquires += 1
                state.diagnostics.waits += 1
                state.diagnostics.totalWaitNanoseconds &+= now &- waiter.since
                state.diagnostics.peak = max(state.diagnostics.peak, state.active)
                admitted.append((waiter, state.active))
            }
            return admitted
        }
        for (waiter, active) in admitted {
            events?.record(.budgetAcquire(.init(active: active, limit: limit, waitedNs: now &- waiter.since)))
            waiter.continuation.resume()
        }
    }
}
