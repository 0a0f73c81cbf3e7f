import AppContract
import Testing
@testable import ScanKit
import AppInputs

@Suite("Thermal multiplier")
struct ThermalTests {
    @Test func effectiveLimitFollowsNetMonitorsRule() {
        #expect(ThermalState.nominal.effectiveLimit(60) == 60)
        #expect(ThermalState.fair.effectiveLimit(60) == 60)
        #expect(ThermalState.serious.effectiveLimit(60) == 30)
        #expect(ThermalState.critical.effectiveLimit(60) == 15)
        #expect(ThermalState.critical.effectiveLimit(30) == 7)
        #expect(ThermalState.critical.effectiveLimit(3) == 1)
        #expect(ThermalState.serious.effectiveLimit(1) == 1)
    }

    @Test func setNotifiesObserversAndLogs() {
        let log = EventLog()
        let throttle = ThermalThrottle(events: log)
        let seen = Box<[ThermalState]>([])
        throttle.observe { state in seen.update { $0.append(state) } }
        throttle.set(.serious)
        throttle.set(.critical)
        #expect(seen.value == [.serious, .critical])
        #expect(throttle.effectiveLimit(40) == 10)
        #expect(
            log.records().map(\.event) == [
                .thermalChange(.init(state: .serious, multiplier: 0.5)),
                .thermalChange(.init(state: .critical, multiplier: 0.25)),
            ]
        )
    }

    @Test func scriptPlaysInOrder() async {
        let throttle = ThermalThrottle()
        await throttle.play([
            ThermalStep(atSeconds: 0.02, state: .critical), ThermalStep(atSeconds: 0.01, state: .serious),
        ])
        #expect(throttle.current == .critical)
    }
}

@Suite("Structured connection budget")
struct StructuredConnectionBudgetTests {
    @Test func neverExceedsLimitAndReturnsToZero() async throws {
        let budget = StructuredConnectionBudget(limit: 3)
        let inside = Box(0)
        let maxInside = Box(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<60 {
                group.addTask {
                    try await budget.withConnectionSlot {
                        let now = inside.update {
                            $0 += 1; return $0
                        }
                        maxInside.update { $0 = max($0, now) }
                        await Task.yield()
                        inside.update { $0 -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        let d = budget.snapshot()
        #expect(maxInside.value <= 3)
        #expect(d.active == 0 && d.queued == 0)
        #expect(d.peak <= 3)
        #expect(d.acquires == 60 && d.releases == 60)
    }

    @Test func slotIsReleasedWhenBodyThrows() async {
        struct Boom: Error {}
        let budget = StructuredConnectionBudget(limit: 1)
        await #expect(throws: Boom.self) {
            try await budget.withConnectionSlot { throw Boom() }
        }
        #expect(budget.snapshot().active == 0)
        let value = try? await budget.withConnectionSlot { 7 }
        #expect(value == 7)
    }

    @Test func cancelledWaiterLeavesQueueAndThrows() async throws {
        let budget = StructuredConnectionBudget(limit: 1)
        let gate = Gate()
        let holder = Task { try await budget.withConnectionSlot { await gate.wait() } }
        #expect(await eventually { budget.snapshot().active == 1 })
        let ran = Box(false)
        let waiter = Task { try await budget.withConnectionSlot { ran.set(true) } }
        #expect(await eventually { budget.snapshot().queued == 1 })
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(budget.snapshot().queued == 0)
        #expect(budget.snapshot().cancelledWaits == 1)
        gate.open()
        try await holder.value
        #expect(!ran.value)
        #expect(budget.snapshot().active == 0)
    }

    @Test func alreadyCancelledTaskNeverQueues() async {
        let budget = StructuredConnectionBudget(limit: 1)
        let gate = Gate()
        let holder = Task { try await budget.withConnectionSlot { await gate.wait() } }
        #expect(await eventually { budget.snapshot().active == 1 })
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await budget.withConnectionSlot { 1 }
        }
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(budget.snapshot().queued == 0)
        gate.open()
        _ = try? await holder.value
        #expect(budget.snapshot().active == 0)
    }

    @Test func survivesTenThousandCancelledWaitersWithoutLeaking() async throws {
        let limit = 4
        let budget = StructuredConnectionBudget(limit: limit)
        let gate = Gate()
        let holders = (0..<limit).map { _ in Task { try await budget.withConnectionSlot { await gate.wait() } } }
        #expect(await eventually { budget.snapshot().active == limit })

        let ran = Box(0)
        let waiters = (0..<10_000).map { _ in Task { try await budget.withConnectionSlot { ran.update { $0 += 1 } } } }
        #expect(await eventually(within: 20) { budget.snapshot().queued == 10_000 })
        for waiter in waiters { waiter.cancel() }
        var cancelled = 0
        for waiter in waiters {
            do { try await waiter.value } catch is CancellationError { cancelled += 1 }
        }
        #expect(cancelled == 10_000)
        #expect(ran.value == 0)
        var d = budget.snapshot()
        #expect(d.queued == 0)
        #expect(d.active == limit)
        #expect(d.cancelledWaits == 10_000)

        gate.open()
        for holder in holders { try await holder.value }
        // The budget still works after the storm: a fresh batch runs through and drains.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { try await budget.withConnectionSlot { ran.update { $0 += 1 } } } }
            try await group.waitForAll()
        }
        d = budget.snapshot()
        #expect(ran.value == 100)
        #expect(d.active == 0)
        #expect(d.peak <= limit)
    }

    @Test func loweredLimitHoldsBackNewWaitersAndRaisedLimitAdmitsThem() async throws {
        let thermal = ThermalThrottle()
        let budget = StructuredConnectionBudget(limit: 4, thermal: thermal)
        let gate = Gate()
        let holders = (0..<2).map { _ in Task { try await budget.withConnectionSlot { await gate.wait() } } }
        #expect(await eventually { budget.snapshot().active == 2 })
        thermal.set(.critical)  // effective 1
        let secondGate = Gate()
        let waiter = Task { try await budget.withConnectionSlot { await secondGate.wait() } }
        #expect(await eventually { budget.snapshot().queued == 1 })
        #expect(budget.effectiveLimit == 1)
        thermal.set(.nominal)  // effective 4: the observer admits the waiter without any release
        #expect(await eventually { budget.snapshot().queued == 0 && budget.snapshot().active == 3 })
        gate.open()
        secondGate.open()
        for holder in holders { try await holder.value }
        try await waiter.value
        #expect(budget.snapshot().active == 0)
    }

    @Test func unlimitedBudgetNeverQueues() async throws {
        let budget = StructuredConnectionBudget(limit: nil)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<200 { group.addTask { try await budget.withConnectionSlot { await Task.yield() } } }
            try await group.waitForAll()
        }
        #expect(budget.snapshot().waits == 0)
        #expect(budget.snapshot().active == 0)
    }

    @Test func logsAcquireWaitAndRelease() async throws {
        let log = EventLog()
        let budget = StructuredConnectionBudget(limit: 1, events: log)
        let gate = Gate()
        let holder = Task { try await budget.withConnectionSlot { await gate.wait() } }
        #expect(await eventually { budget.snapshot().active == 1 })
        let waiter = Task { try await budget.withConnectionSlot { 1 } }
        #expect(await eventually { budget.snapshot().queued == 1 })
        gate.open()
        try await holder.value
        _ = try await waiter.value
        let types = log.records().map(\.event.type)
        #expect(types == ["budget_acquire", "budget_wait", "budget_release", "budget_acquire", "budget_release"])
        let d = budget.snapshot()
        #expect(d.waits == 1)
        #expect(d.totalWaitNanoseconds > 0)
    }
}

@Suite("Shipped connection budget (NetMonitor)")
struct ShippedConnectionBudgetTests {
    /// ADR-016: limit 4, four slots held, one waiter queued; the device heats to `.serious`
    /// (effective limit 2); two holders release while the other two slots stay leaked (their
    /// fire-and-forget releases never ran). Returns whether the waiter got its slot in time.
    private func runADR016Scenario(conditionalWake: Bool) async -> (woke: Bool, budget: ShippedConnectionBudget) {
        let thermal = ThermalThrottle()
        let budget = ShippedConnectionBudget(limit: 4, thermal: thermal, conditionalWake: conditionalWake)
        for _ in 0..<4 { await budget.acquire() }
        let woke = Box(false)
        let waiter = Task {
            await budget.acquire()
            woke.set(true)
        }
        _ = await eventually { await budget.queuedCount == 1 }
        thermal.set(.serious)
        await budget.release()
        await budget.release()
        let result = await eventually(within: conditionalWake ? 0.5 : 3) { woke.value }
        if !result {
            // Clean up so the test ends: NetMonitor's 1.0 escape hatch drains the queue.
            await budget.reset()
        }
        await waiter.value
        return (result, budget)
    }

    @Test func conditionalWakeHangsWhenThermalLimitDropsWhileSlotsAreHeld() async {
        let (woke, budget) = await runADR016Scenario(conditionalWake: true)
        #expect(!woke, "the pre-fix budget should leave the waiter stuck (ADR-016)")
        #expect(await budget.queuedCount == 0)  // after reset
    }

    @Test func unconditionalWakeDoesNotHang() async {
        let (woke, budget) = await runADR016Scenario(conditionalWake: false)
        #expect(woke)
        // The fix over-admits: 2 leaked + the woken waiter = 3 > the throttled limit of 2.
        #expect(await budget.activeCount == 3)
    }

    @Test func resetForgetsSlotsStillHeldAndPeakHeldSeesThem() async {
        // ADR-016's Consequences: a reset while a tool holds slots over-admits.
        let budget = ShippedConnectionBudget(limit: 4)
        for _ in 0..<3 { await budget.acquire() }  // the tool's slots
        await budget.reset()
        for _ in 0..<4 { await budget.acquire() }  // the scan fills the budget as if empty
        let d = await budget.diagnostics()
        #expect(d.peak == 4, "the budget counts only the scan's slots")
        #expect(d.peakHeld == 7, "three tool slots and four scan slots are held at once")
        for _ in 0..<3 { await budget.release() }  // the tool's releases come out of the scan's count
        #expect(await budget.activeCount == 1, "while four scan slots are still held")
    }

    @Test func waitersAreNotCancellable() async {
        let budget = ShippedConnectionBudget(limit: 1)
        await budget.acquire()
        let ran = Box(false)
        let waiter = Task {
            await budget.acquire()
            ran.set(true)
        }
        #expect(await eventually { await budget.queuedCount == 1 })
        waiter.cancel()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(await budget.queuedCount == 1, "a cancelled waiter stays queued")
        await budget.release()
        await waiter.value
        #expect(ran.value, "and still takes a slot when woken")
        #expect(await budget.activeCount == 1)
    }

    @Test func fireAndForgetReleaseEventuallyFreesTheSlot() async throws {
        let budget = ShippedConnectionBudget(limit: 2)
        for _ in 0..<20 {
            _ = try await budget.withConnectionSlot { 1 }
        }
        #expect(await eventually { await budget.activeCount == 0 })
        let d = await budget.diagnostics()
        #expect(d.acquires == 20)
        #expect(d.peak <= 2)
    }

    @Test func releaseNeverGoesBelowZero() async {
        let budget = ShippedConnectionBudget(limit: 2)
        await budget.release()
        #expect(await budget.activeCount == 0)
    }

    @Test func factoryPicksTheStyle() {
        let thermal = ThermalThrottle()
        #expect(
            makeConnectionBudget(style: .structured, limit: .limited(5), thermal: thermal) is StructuredConnectionBudget
        )
        let shipped = makeConnectionBudget(style: .shippedConditionalWake, limit: .none, thermal: thermal)
        #expect((shipped as? ShippedConnectionBudget)?.conditionalWake == true)
        #expect(shipped.baseLimit == nil)
    }
}
