import Foundation
import Results
import AppInputs

/// `scanbench tune`: searches the knob space (`Strategy.searchSpace`) for strategies no other
/// measured strategy beats, within a wall-time budget.
///
/// The base and the reference run on every fixture first. Then Hyperband's brackets
/// (`TuneSchedule`) of Latin-hypercube candidates (`TuneSampler`): each rung runs its candidates on
/// the first fixtures of the suite, ranks them by `ParetoRanking` over the objectives and promotes
/// the best to the next rung, until the budget is spent. Runs go through `HarnessJob` (fresh LAN
/// per run, capture, lanes side by side), one run per candidate and fixture, all with the search's
/// seed. results.json is written after every run with the `tune` record, so an interrupted search
/// resumes from it: the same seed draws the same candidates, runs already measured are not run
/// again, and the time spent counts against the budget. The front is over the strategies measured
/// on every fixture.
public struct TuneJob: Sendable {
    /// The settings; a resumed search keeps its record's candidates and time spent.
    public var record: TuneRecord
    public var outputDirectory: String
    public var executable: String
    public var jobs = 1
    /// Stop drawing candidates after this many (nil: as many as the budget allows).
    public var maxCandidates: Int?
    public var categoryProbe: CategoryProbeSettings?
    public var progress: @Sendable (String) -> Void
    public var testbedStarting: @Sendable (String) -> Void = { _ in }

    public init(
        record: TuneRecord,
        outputDirectory: String,
        executable: String,
        progress: @escaping @Sendable (String) -> Void
    ) {
        self.record = record
        self.outputDirectory = outputDirectory
        self.executable = executable
        self.progress = progress
    }

    public var resultsPath: String { "\(outputDirectory)/results.json" }

    /// Name of the `index`-th drawn candidate (1-based).
    static func candidateName(_ index: Int) -> String { String(format: "tune-%03d", index) }

    /// Runs the search, continuing `prior` (results.json of an earlier session) when given.
    /// - Throws: `HarnessError` when `prior` holds another search or no tune at all, or when the
    ///   base or the reference does not load; what `HarnessJob` throws.
    public func execute(resuming prior: ResultsDocument?) async throws -> ResultsDocument {
        var state = try Search(job: self, prior: prior)
        try await state.run()
        return try state.finish()
    }

    /// One session of the search: the document so far and the clock.
    private struct Search {
        let job: TuneJob
        var record: TuneRecord
        var document: ResultsDocument?
        let started = Date()
        let spentBefore: Double
        let deadline: Date
        let schedule: TuneSchedule
        let sampler: TuneSampler
        let baseVariant: StrategyVariant
        let referenceVariant: StrategyVariant
        let baseStrategy: Strategy
        /// The profile the runs use; a drawn candidate its flow limit cannot hold is redrawn.
        let platform: PlatformProfile
        var platformName: String { record.platform ?? PlatformProfileLoader.defaultName }

        init(job: TuneJob, prior: ResultsDocument?) throws {
            self.job = job
            var record = job.record
            if let prior {
                guard var earlier = prior.tune else {
                    throw HarnessError(
                        "\(job.resultsPath) holds results of another command, not a tune",
                        fix: "give tune an --out directory of its own"
                    )
                }
                if let conflict = earlier.conflict(with: job.record) {
                    throw HarnessError(
                        "\(job.resultsPath) holds another search (\(conflict)); resuming it would mix two searches",
                        fix: "run it with the same settings to resume it, or give --out a new directory"
                    )
                }
                earlier.budgetMinutes = job.record.budgetMinutes
                earlier.finished = false
                earlier.front = []
                record = earlier
            }
            self.record = record
            // A run that did not finish ok is run again: Ctrl-C records the run it cut short as failed.
            var kept = prior
            kept?.runs.removeAll { $0.status != .ok }
            document = kept
            spentBefore = record.spentS
            deadline = started.addingTimeInterval(max(0, record.budgetMinutes * 60 - record.spentS))
            schedule = TuneSchedule(fixtureCount: record.fixtures.count, eta: record.eta)
            sampler = TuneSampler(
                space: Strategy.searchSpace.filter { knob in record.space.contains { $0.key == knob.key } },
                changes: record.changes,
                seed: record.seed
            )
            baseVariant = StrategyVariant(base: record.base)
            referenceVariant = StrategyVariant(base: record.reference)
            baseStrategy = try StrategyLoader.load(try StrategyLoader.resolve(record.base))
            platform = try PlatformProfileLoader.load(record.platform ?? PlatformProfileLoader.defaultName)
        }

        var outOfTime: Bool { Date() >= deadline }

        /// Whole minutes spent over every session, for the progress lines.
        var spent: Int { Int(((spentBefore + Date().timeIntervalSince(started)) / 60).rounded()) }

        mutating func run() async throws {
            let fixtures = record.fixtures
            var anchors = [baseVariant]
            if referenceVariant.name != baseVariant.name { anchors.append(referenceVariant) }
            if let excess = FlowLimitCheck.excess(baseStrategy, name: baseVariant.name, on: platform) {
                job.progress(
                    "tune: warning: the base \(excess); it runs as the anchor, candidates above the limit are redrawn"
                )
            }
            note(baseVariant.name, origin: "base")
            if anchors.count > 1 { note(referenceVariant.name, origin: "reference") }
            job.progress("tune: \(anchors.map(\.name).joined(separator: " and ")) on every fixture first")
            guard try await evaluate(anchors, on: fixtures) else { return }
            var drawn = 0
            for bracket in 0... {
                if let cap = job.maxCandidates, drawn >= cap { return }
                // Out of time: replay the brackets an earlier session began, draw no new one.
                if outOfTime && !record.candidates.contains(where: { $0.origin == "bracket \(bracket + 1)" }) { return }
                var rungs = schedule.bracket(bracket)
                if let cap = job.maxCandidates { rungs[0].candidates = min(rungs[0].candidates, cap - drawn) }
                let candidates = try draw(rungs[0].candidates, bracket: bracket, numberedFrom: drawn + 1)
                drawn += rungs[0].candidates
                var survivors = candidates
                for (step, rung) in rungs.enumerated() {
                    if step > 0 {
                        let ranking = rank(survivors.map(\.name), on: Array(fixtures.prefix(rungs[step - 1].fixtures)))
                        let keep = Set(ranking.best(rung.candidates).filter { ranking.layers[$0] != nil })
                        survivors = survivors.filter { keep.contains($0.name) }
                        job.progress(
                            "tune: bracket \(bracket + 1) promotes \(survivors.map(\.name).joined(separator: ", ")) to \(rung.fixtures) fixtures"
                        )
                    } else {
                        job.progress(
                            "tune: bracket \(bracket + 1), \(survivors.count) candidates on \(rung.fixtures) fixture\(rung.fixtures == 1 ? "" : "s")"
                        )
                    }
                    job.progress("tune: \(spent) of \(Int(record.budgetMinutes.rounded())) min spent")
                    guard try await evaluate(survivors, on: Array(fixtures.prefix(rung.fixtures))) else { return }
                }
            }
        }

        /// The `count` candidates of a bracket, each prepared (so one the loader refuses, one that
        /// repeats an earlier candidate or changes nothing is redrawn), named in drawing order.
        mutating func draw(_ count: Int, bracket: Int, numberedFrom first: Int) throws -> [StrategyVariant] {
            let baseLeaves = try KnobDifference.leaves(of: baseStrategy)
            let directory = "\(job.outputDirectory)/strategies"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // A resumed search has drawn these before: the record has them.
            var slots: [[StrategyVariant.Override]?] = (0..<count).map { slot in
                record.candidates.first { $0.name == TuneJob.candidateName(first + slot) }
                    .map { earlier in
                        earlier.overrides.keys.sorted().map { StrategyVariant.Override($0, earlier.overrides[$0]!) }
                    }
            }
            var seen = Set(record.candidates.map { $0.overrides })
            var overLimit: [String] = []
            for attempt in 0..<20 where slots.contains(where: { $0 == nil }) {
                for (slot, settings) in zip(slots.indices, sampler.draw(count, bracket: bracket, attempt: attempt))
                where slots[slot] == nil {
                    // A knob drawn at the base's own value changes nothing: left out.
                    let changes = settings.filter { baseLeaves[$0.key]?.yaml != $0.value }
                    let overrides = Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.value) })
                    guard !changes.isEmpty, !seen.contains(overrides) else { continue }
                    let variant = candidate(first + slot, changes: changes, bracket: bracket)
                    guard let prepared = try? variant.prepare(in: directory) else { continue }
                    seen.insert(overrides)
                    // A candidate the platform cannot hold is not a recommendation: redrawn.
                    let drawn = "a candidate with " + changes.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
                    if let excess = FlowLimitCheck.excess(prepared.strategy, name: drawn, on: platform) {
                        overLimit.append(excess)
                        continue
                    }
                    slots[slot] = changes
                }
            }
            if let first = overLimit.first {
                job.progress(
                    "tune: refused \(overLimit.count) drawn candidate\(overLimit.count == 1 ? "" : "s") over \(platformName)'s flow limit and drew again; first: \(first)"
                )
            }
            return slots.enumerated().compactMap { slot, changes in
                guard let changes else { return nil }
                let variant = candidate(first + slot, changes: changes, bracket: bracket)
                note(
                    variant.name,
                    origin: "bracket \(bracket + 1)",
                    overrides: Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.value) })
                )
                return variant
            }
        }

        /// The `number`-th candidate: the base with `changes`, its own name and a description saying what it is.
        func candidate(_ number: Int, changes: [StrategyVariant.Override], bracket: Int) -> StrategyVariant {
            let name = TuneJob.candidateName(number)
            let description =
                "scanbench tune candidate (bracket \(bracket + 1), seed \(record.seed)): \(record.base) with "
                + changes.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
            let labels = [
                StrategyVariant.Override("name", name),
                .init("description", KnobDifference.Value.string(description).yaml),
            ]
            return StrategyVariant(base: record.base, overrides: changes + labels, label: name)
        }

        /// Adds a candidate to the record unless it is there (a resumed search redraws the same).
        mutating func note(_ name: String, origin: String, overrides: [String: String] = [:]) {
            guard !record.candidates.contains(where: { $0.name == name }) else { return }
            record.candidates.append(TuneRecord.Candidate(name: name, origin: origin, overrides: overrides))
        }

        func rank(_ names: [String], on fixtures: [String]) -> ParetoRanking {
            let inputs = record.paretoInputs(names, on: fixtures, in: document?.runs ?? [])
            return ParetoRanking(objectives: inputs.objectives, candidates: inputs.candidates)
        }

        /// Runs each variant on each fixture it has no run on yet. False when the budget ran out first.
        mutating func evaluate(_ variants: [StrategyVariant], on fixtures: [String]) async throws -> Bool {
            let runs = document?.runs ?? []
            let measured = Set(runs.map { "\($0.strategy)\u{0}\($0.fixture)" })
            var plan = RunPlan(fixtures: fixtures, strategies: variants, scenarios: [.builtin("scan")], repetitions: 1)
            plan.entries.removeAll { measured.contains("\($0.strategy.name)\u{0}\($0.fixture)") }
            guard !plan.entries.isEmpty else { return true }
            guard !outOfTime else { return false }
            let next = (runs.map(\.sequence).max() ?? -1) + 1
            for index in plan.entries.indices { plan.entries[index].sequence = next + index }
            var harness = HarnessJob(
                plan: plan,
                outputDirectory: job.outputDirectory,
                referenceStrategy: referenceVariant.name,
                executable: job.executable,
                repetitions: 1,
                progress: job.progress
            )
            harness.seed = record.seed
            harness.platform = platformName
            harness.jobs = job.jobs
            harness.categoryProbe = job.categoryProbe
            harness.prior = document
            harness.deadline = deadline
            harness.testbedStarting = job.testbedStarting
            let (record, started, before) = (self.record, self.started, spentBefore)
            harness.stamp = { document in
                var stamped = record
                stamped.spentS = before + Date().timeIntervalSince(started)
                document.tune = stamped
            }
            document = try await harness.execute()
            return plan.entries.count == (document?.runs.count ?? 0) - runs.count
        }

        /// The front over the strategies measured on every fixture; results.json written.
        mutating func finish() throws -> ResultsDocument {
            record.spentS = spentBefore + Date().timeIntervalSince(started)
            record.finished = outOfTime || job.maxCandidates != nil
            record.front = record.paretoFront(in: document?.runs ?? []).front
            guard var document else {
                throw HarnessError("the budget ran out before the first run", fix: "give --budget-minutes more time")
            }
            document.tune = record
            try document.write(to: job.resultsPath)
            return document
        }
    }
}
