import AppContract
import Testing
import Wire
@testable import ScanKit

/// A phase that runs a closure and reports 0, 0.5, 1.
struct StubPhase: ScanPhase {
    var id: String
    var displayName: String { "Stub \(id)…" }
    var weight: Double
    var body: @Sendable (ScanAccumulator) async -> Void = { _ in }

    func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        progress(0)
        await body(accumulator)
        progress(0.5)
        progress(1)
    }
}

/// A phase that sleeps 600 s in a task nobody can cancel, reporting progress afterwards.
struct WedgedPhase: ScanPhase {
    var id = "wedged"
    var displayName = "Wedged…"
    var weight = 1.0
    func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        progress(0)
        await Task.detached { try? await Task.sleep(for: .seconds(600)) }.value
        progress(1)
    }
}

@Suite("Scan engine")
struct ScanEngineTests {
    let context = ScanContext(hosts: [])

    @Test func sequentialPhasesReportMonotonicWeightedProgressEndingAtOne() async {
        let engine = ScanEngine()
        let reports = Box<[ScanProgress]>([])
        let pipeline = ScanPipeline(steps: [
            .init([StubPhase(id: "a", weight: 1), StubPhase(id: "b", weight: 3)], concurrent: false)
        ])
        let result = await engine.run(pipeline, context: context) { p in reports.update { $0.append(p) } }
        let fractions = reports.value.map(\.fraction)
        #expect(fractions == [0, 0.125, 0.25, 0.25, 0.625, 1])
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(result.phases.map(\.phaseID) == ["a", "b"])
        #expect(result.phases.allSatisfy { $0.outcome == .completed })
    }

    @Test func concurrentStepRunsEveryPhaseFromTheStepBase() async {
        let engine = ScanEngine()
        let reports = Box<[ScanProgress]>([])
        let ran = Box<Set<String>>([])
        func phase(_ id: String, _ weight: Double) -> StubPhase {
            StubPhase(id: id, weight: weight) { _ in ran.update { _ = $0.insert(id) } }
        }
        let pipeline = ScanPipeline(steps: [
            .init([phase("first", 2)], concurrent: false),
            .init([phase("x", 1), phase("y", 1)], concurrent: true),
        ])
        _ = await engine.run(pipeline, context: context) { p in reports.update { $0.append(p) } }
        #expect(ran.value == ["first", "x", "y"])
        // Each concurrent phase counts from the step's base (2 of 4), NetMonitor's formula.
        let x = reports.value.filter { $0.phaseID == "x" }.map(\.fraction)
        let y = reports.value.filter { $0.phaseID == "y" }.map(\.fraction)
        #expect(x == [0.5, 0.625, 0.75])
        #expect(y == [0.5, 0.625, 0.75])
        #expect(reports.value.first(where: { $0.phaseID == "x" })?.displayName == "Stub x…")
    }

    @Test func zeroTotalWeightRunsNothing() async {
        let engine = ScanEngine()
        let ran = Box(false)
        let pipeline = ScanPipeline(steps: [
            .init([StubPhase(id: "z", weight: 0) { _ in ran.set(true) }], concurrent: false)
        ])
        let result = await engine.run(pipeline, context: context)
        #expect(!ran.value)
        #expect(result.phases.isEmpty)
    }

    @Test func devicesAreDeduplicatedAcrossStepsAndSorted() async {
        let engine = ScanEngine()
        let ip1 = IPv4Address("198.18.0.20")!, ip2 = IPv4Address("198.18.0.3")!
        let pipeline = ScanPipeline(steps: [
            .init(
                [StubPhase(id: "arp", weight: 1) { acc in await acc.upsert(DiscoveredDevice(ip: ip1, source: .arp)) }],
                concurrent: false
            ),
            .init(
                [
                    StubPhase(id: "tcp", weight: 1) { acc in
                        await acc.upsert(DiscoveredDevice(ip: ip1, source: .tcp))
                        await acc.upsert(DiscoveredDevice(ip: ip2, source: .tcp))
                    }
                ],
                concurrent: false
            ),
        ])
        let result = await engine.run(pipeline, context: context)
        #expect(result.devices.map(\.ip) == [ip2, ip1])
        #expect(result.devices.last?.source == .arp)
        await engine.reset()
        #expect(await engine.accumulator.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func phaseIgnoringCancellationIsAbandonedAtTheDeadlineAndTheNextPhaseRuns() async {
        let log = EventLog()
        let engine = ScanEngine(phaseDeadline: .milliseconds(200), events: log)
        let reports = Box<[ScanProgress]>([])
        let nextRan = Box(false)
        let pipeline = ScanPipeline(steps: [
            .init([WedgedPhase()], concurrent: false),
            .init([StubPhase(id: "next", weight: 1) { _ in nextRan.set(true) }], concurrent: false),
        ])
        let result = await engine.run(pipeline, context: context) { p in reports.update { $0.append(p) } }
        #expect(nextRan.value)
        #expect(result.phases.map(\.outcome) == [.abandoned, .completed])
        #expect(result.phases[0].elapsedNs >= 200_000_000)
        // The wedged phase's "1.0" never arrives; the next phase starts from its weight.
        #expect(reports.value.filter { $0.phaseID == "wedged" }.map(\.fraction) == [0])
        #expect(reports.value.last?.fraction == 1)
        let ends = log.records().compactMap { record -> ScanEvent.PhaseEnd? in
            if case .phaseEnd(let e) = record.event { return e } else { return nil }
        }
        #expect(ends.map(\.outcome.rawValue) == ["abandoned", "completed"])
    }

    @Test(.timeLimit(.minutes(1)))
    func wedgedPhaseInAConcurrentStepDoesNotBlockItsSibling() async {
        let engine = ScanEngine(phaseDeadline: .milliseconds(200))
        let after = Box(false)
        let pipeline = ScanPipeline(steps: [
            .init([WedgedPhase(), StubPhase(id: "sibling", weight: 1)], concurrent: true),
            .init([StubPhase(id: "after", weight: 1) { _ in after.set(true) }], concurrent: false),
        ])
        let result = await engine.run(pipeline, context: context)
        #expect(after.value)
        let outcomes = Dictionary(uniqueKeysWithValues: result.phases.map { ($0.phaseID, $0.outcome) })
        #expect(outcomes == ["wedged": .abandoned, "sibling": .completed, "after": .completed])
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheScanEndsAWedgedPhaseAndSkipsTheRest() async {
        let engine = ScanEngine(phaseDeadline: nil)
        let laterRan = Box(false)
        let pipeline = ScanPipeline(steps: [
            .init([WedgedPhase()], concurrent: false),
            .init([StubPhase(id: "later", weight: 1) { _ in laterRan.set(true) }], concurrent: false),
        ])
        let scan = Task { await engine.run(pipeline, context: context) }
        try? await Task.sleep(for: .milliseconds(50))
        scan.cancel()
        let result = await scan.value
        #expect(result.phases.map(\.outcome) == [.cancelled])
        #expect(!laterRan.value)
    }

    @Test func cooperativePhaseFinishesWellBeforeTheDeadline() async {
        let engine = ScanEngine(phaseDeadline: .seconds(30))
        let result = await engine.run(
            ScanPipeline(steps: [.init([StubPhase(id: "quick", weight: 1)], concurrent: false)]),
            context: context
        )
        #expect(result.phases.first?.outcome == .completed)
    }
}

/// A phase stuck on a gate that ignores cancellation; the test opens the gate to clean up.
struct GatedPhase: ScanPhase {
    var id = "gated"
    var displayName = "Gated…"
    var weight = 1.0
    let gate: Gate
    func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        await gate.wait()
    }
}

@Suite("Scan engine, NetMonitor's cooperative deadline")
struct CooperativeDeadlineTests {
    @Test(.timeLimit(.minutes(1)))
    func cooperativeDeadlineStillWaitsForAPhaseThatIgnoresCancellation() async {
        let gate = Gate()
        let engine = ScanEngine(phaseDeadline: .milliseconds(50), deadlineMode: .cooperative)
        let nextRan = Box(false)
        let pipeline = ScanPipeline(steps: [
            .init([GatedPhase(gate: gate)], concurrent: false),
            .init([StubPhase(id: "next", weight: 1) { _ in nextRan.set(true) }], concurrent: false),
        ])
        let scan = Task { await engine.run(pipeline, context: ScanContext(hosts: [])) }
        // Well past the deadline the step is still blocked: NetMonitor's weakness (spec §1.5).
        let ranEarly = await eventually(within: 0.5) { nextRan.value }
        #expect(!ranEarly)
        gate.open()
        let result = await scan.value
        #expect(nextRan.value)
        #expect(result.phases.map(\.outcome) == [.abandoned, .completed])
    }

    @Test func cooperativeDeadlineCancelsAPhaseThatHonoursCancellation() async {
        struct Sleeper: ScanPhase {
            var id = "sleeper"; var displayName = "…"; var weight = 1.0
            func execute(
                context: ScanContext,
                accumulator: ScanAccumulator,
                progress: @escaping @Sendable (Double) -> Void
            ) async {
                try? await Task.sleep(for: .seconds(600))
            }
        }
        let engine = ScanEngine(phaseDeadline: .milliseconds(50), deadlineMode: .cooperative)
        let result = await engine.run(
            ScanPipeline(steps: [.init([Sleeper()], concurrent: false)]),
            context: ScanContext(hosts: [])
        )
        #expect(result.phases.map(\.outcome) == [.abandoned])
    }
}
