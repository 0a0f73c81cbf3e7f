import AppContract
import Testing
@testable import ScanKit
import AppInputs

/// ADR-016's hang, forced. In `scanbench run --scenario adr-016` the conditional wake skips
/// wakes but never hangs, because one of the hang's conditions never holds there: a slot counted
/// as held that nobody will ever release (docs/METRICS.md, "Hangs"). These tests force exactly
/// that condition — the port scanner's fire-and-forget releases are lost
/// (`ShippedConnectionBudget.loseNextReleases`, a test-only hook) — and run one script against
/// each budget style, with review-phase3's numbers: limit 30, thermal serious halves it to 15.
///
/// 1. The port scanner finishes 15 connections; under the forcing their releases are lost.
/// 2. The scan's probes hold 15 slots (the shipped books now say 30 = the limit).
/// 3. 6 more probes queue.
/// 4. The phone reaches thermal serious: effective limit 15.
/// 5. The 15 probes finish and release.
///
/// A hang is proven from the budget's state, not by waiting: waiters are queued, every holder
/// has finished and every release that will ever run has run, so nothing can wake them.
@Suite("ADR-016 forced: lost releases")
struct ADR016ForcingTests {
    static let leaked = 15
    static let holding = 15
    static let queueing = 6

    struct Outcome {
        var queuedProbesRan: Int
        var budget: any ConnectionBudget
        var waiters: [Task<Void, any Error>]
    }

    /// Plays the script above against `style`; returns once the releases of step 5 have run.
    static func force(_ style: BudgetStyle, events: (any EventSink)? = nil) async throws -> Outcome {
        let thermal = ThermalThrottle()
        let budget = makeConnectionBudget(style: style, limit: .limited(30), thermal: thermal, events: events)
        let shipped = budget as? ShippedConnectionBudget
        shipped?.loseNextReleases(leaked)  // the forced condition; the structured style has no release to lose
        for _ in 0..<leaked { _ = try await budget.withConnectionSlot { () } }
        // Wait out the tool's releases that do run (structured: in scope; shipped: all lost).
        #expect(await eventually { await budget.diagnostics().active == (shipped == nil ? 0 : leaked) })

        let gate = Gate()
        let holders = (0..<holding).map { _ in Task { try await budget.withConnectionSlot { await gate.wait() } } }
        #expect(await eventually { await budget.diagnostics().acquires == leaked + holding })

        let ran = Box(0)
        let waiters = (0..<queueing).map { _ in Task { try await budget.withConnectionSlot { ran.update { $0 += 1 } } }
        }
        if shipped != nil {
            #expect(await eventually { await budget.diagnostics().queued == queueing })
        }
        thermal.set(.serious)
        gate.open()
        for holder in holders { try await holder.value }
        // Every release still to come is one of the holders' fire-and-forget tasks (shipped) or
        // was made in scope (structured): wait until they have all run.
        let releasesDue = (shipped == nil ? leaked : 0) + holding
        #expect(await eventually { await budget.diagnostics().releases >= releasesDue })
        return Outcome(queuedProbesRan: ran.value, budget: budget, waiters: waiters)
    }

    @Test func conditionalWakeHangsWhenReleasesAreLost() async throws {
        let log = EventLog()
        let outcome = try await Self.force(.shippedConditionalWake, events: log)
        let budget = try #require(outcome.budget as? ShippedConnectionBudget)
        let d = await budget.diagnostics()
        // The hang: waiters queued, slots counted ≥ the lowered limit, and no release left to run
        // (acquired − released = exactly the lost releases, and every holder has finished).
        #expect(d.queued == Self.queueing, "the queued probes should still be waiting")
        #expect(d.active == Self.leaked && d.active >= ThermalState.serious.effectiveLimit(30))
        #expect(d.acquires - d.releases == Self.leaked)
        #expect(outcome.queuedProbesRan == 0)
        // The events show the wake decisions: every release after the queue formed declined to wake.
        let decisions = log.records().compactMap { record -> BudgetReleaseDecision? in
            guard case .budgetRelease(let r) = record.event, let woke = r.woke else { return nil }
            return BudgetReleaseDecision(active: r.active, limit: r.limit, woke: woke)
        }
        #expect(decisions.count == Self.holding)
        #expect(decisions.allSatisfy { !$0.woke && $0.limit == 15 && $0.active >= 15 })
        // Clean up so the test ends: NetMonitor's 1.0 escape hatch wakes every waiter.
        await budget.reset()
        #expect(await eventually { await budget.diagnostics().queued == 0 })
        for waiter in outcome.waiters { try await waiter.value }
    }

    @Test func unconditionalWakeServesTheQueueUnderTheSameForcing() async throws {
        let outcome = try await Self.force(.shipped)
        let budget = try #require(outcome.budget as? ShippedConnectionBudget)
        let served = await eventually { await budget.diagnostics().releases >= Self.holding + Self.queueing }
        if !served { await budget.reset() }  // so a regression fails instead of hanging
        for waiter in outcome.waiters { try await waiter.value }
        #expect(served, "the 1.0 fix should wake every queued probe")
        // But the lost slots stay counted: 15 = the lowered limit, so an acquire made now, with no
        // holder left to release, queues for good. The 1.0 fix needs `reset()` at scan start for
        // that (ADR-016), which NetMonitor never calls and the presets leave off.
        #expect(await budget.activeCount == Self.leaked)
        let late = Task { await budget.acquire() }
        #expect(await eventually { await budget.queuedCount == 1 })
        await budget.reset()
        await late.value
    }

    @Test func structuredBudgetCannotLoseTheSlots() async throws {
        let outcome = try await Self.force(.structured)
        let budget = try #require(outcome.budget as? StructuredConnectionBudget)
        let served = await eventually { budget.snapshot().releases == Self.leaked + Self.holding + Self.queueing }
        if !served { for waiter in outcome.waiters { waiter.cancel() } }
        for waiter in outcome.waiters { _ = try? await waiter.value }
        #expect(served)
        let d = budget.snapshot()
        #expect(d.active == 0 && d.queued == 0)
    }
}

private struct BudgetReleaseDecision {
    var active: Int
    var limit: Int?
    var woke: Bool
}
