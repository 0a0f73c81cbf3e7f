import Results
import Statistics

/// `scanbench compare`: a current results file held against a baseline, ending in a `Verdict`.
///
/// Runs are paired by seed: a draw of a LAN (fixture, scenario, seed) that both sides ran is the
/// unit. For each strategy and each metric the verdict tests (`Metric.gated`: yield, cost on the
/// wire and in the stack, time, deadline cuts), a `GateTest` counts the draws that landed beyond
/// the metric's allowance each way; a count too large to be chance under the recorded null is a
/// flag, and Holm's procedure over every test of the verdict keeps the chance of any false flag
/// below α. See docs/REPORTS.md.
public struct Comparison: Sendable {
    public let baseline: ResultsDocument
    public let current: ResultsDocument
    public let thresholds: Thresholds
    /// Every cell, for the tables.
    public let pairs: [PairComparison]
    /// One per strategy (pair) and gated metric, in the pairs' order.
    public private(set) var tests: [GateTest]
    /// How the runs were paired, in words.
    public let pairingNote: String
    /// Differences between the two environments that make numbers less comparable.
    public let environmentWarnings: [String]
    /// Strategies whose file differs between the two sides (same name): the change the verdict
    /// judges, said beside it.
    public let changedStrategyFiles: [String]
    /// What the baseline had that the current side lacks, and LANs that differ: found while
    /// pairing (`gaps` adds what the tests found).
    private let coverageGaps: [VerdictGap]
    /// Draws any test needs before it can flag anything at Holm's strictest level (α / m).
    public let drawsNeeded: Int
    /// The tests of a rerun of the flagged strategies against the same baseline (`confirmed(by:)`),
    /// and how many runs it made; nil without one.
    public private(set) var confirmation: (tests: [GateTest], runs: Int)?
    /// Cells whose lost runs the rerun did not lose again (titles).
    public private(set) var unconfirmedFailures: [String] = []

    /// Pairs and compares.
    /// - Throws: `CompareInputError` when the two files have nothing to pair (exit status 2).
    public init(
        baseline: ResultsDocument,
        current: ResultsDocument,
        thresholds: Thresholds = .defaults,
        pairing: PairingMode = .automatic
    ) throws(CompareInputError) {
        self.baseline = baseline
        self.current = current
        self.thresholds = thresholds
        let seeds = (baseline.environment.seed, current.environment.seed)
        var pairs: [PairComparison] = []
        var missing: [VerdictGap] = []
        let baselineStrategies = Self.strategies(baseline)
        let currentStrategies = Self.strategies(current)
        switch pairing {
        case .strategies(let from, let to):
            guard baselineStrategies.contains(from) else {
                throw CompareInputError(
                    "the baseline has no runs of strategy \(from)",
                    fix: "it has: \(baselineStrategies.joined(separator: ", "))"
                )
            }
            guard currentStrategies.contains(to) else {
                throw CompareInputError(
                    "the current results have no runs of strategy \(to)",
                    fix: "they have: \(currentStrategies.joined(separator: ", "))"
                )
            }
            pairs = Self.pair(baseline, current, seeds, missing: &missing) {
                $0.strategy == from
            } current: {
                $0.strategy == to
            }
            pairingNote = "Baseline strategy `\(from)` against current strategy `\(to)`, by fixture and scenario."
        case .automatic:
            let common = baselineStrategies.filter(currentStrategies.contains)
            pairs = common.flatMap { strategy in
                Self.pair(baseline, current, seeds, missing: &missing) {
                    $0.strategy == strategy
                } current: {
                    $0.strategy == strategy
                }
            }
            if !pairs.isEmpty {
                pairingNote = "By fixture, scenario and strategy."
                // A baseline strategy the current file has no run of: every cell of it is missing.
                for strategy in baselineStrategies where !common.contains(strategy) {
                    _ = Self.pair(baseline, current, seeds, missing: &missing) {
                        $0.strategy == strategy
                    } current: { _ in
                        false
                    }
                }
            } else if baselineStrategies.count == 1, currentStrategies.count == 1 {
                missing = []
                pairs = Self.pair(baseline, current, seeds, missing: &missing) { _ in
                    true
                } current: { _ in
                    true
                }
                pairingNote =
                    "Each file holds one strategy (`\(baselineStrategies[0])` and `\(currentStrategies[0])`), so they are compared with each other, by fixture and scenario."
            } else {
                pairingNote = ""
            }
        }
        guard !pairs.isEmpty else {
            throw CompareInputError(
                "the two results files have no (fixture, scenario, strategy, platform) in common",
                fix:
                    "baseline has \(Self.describe(baseline)), current has \(Self.describe(current)); pick one strategy on each side with --baseline-strategy and --current-strategy"
            )
        }
        self.pairs = pairs
        environmentWarnings = Self.environmentWarnings(baseline.environment, current.environment, pairs: pairs)
        changedStrategyFiles = Self.changedStrategyFiles(baseline.environment, current.environment, pairs: pairs)
        let drawGaps = pairs.filter { !$0.missingSeeds.isEmpty }.map {
            VerdictGap.missingDraws(title: $0.title, seeds: $0.missingSeeds)
        }
        coverageGaps = Self.differentLANs(baseline.environment, current.environment, pairs: pairs) + missing + drawGaps
        (tests, drawsNeeded) = Self.test(pairs, thresholds)
    }

    /// One test per strategy (pair) and gated metric over all its draws, decided together.
    ///
    /// Gatekeeping for deadline cuts: a draw cut on one side only says nothing about the counters a
    /// cut decides while the cuts may have flipped by chance, so those draws are left out — until
    /// the strategy's own test of `phases_cut_at_deadline` flags its cuts as changed. Then the cuts
    /// are a real effect of the change, what the side that ran to the end sent is its real cost, and
    /// the strategy's tests are made again with those draws and decided with the rest. A false
    /// alarm in that second round needs a false alarm on the cuts first, so α still bounds the
    /// chance of any.
    private static func test(_ pairs: [PairComparison], _ thresholds: Thresholds) -> ([GateTest], Int) {
        var strategyPairs: [[String]] = []
        for pair in pairs where !strategyPairs.contains([pair.baselineStrategy, pair.currentStrategy]) {
            strategyPairs.append([pair.baselineStrategy, pair.currentStrategy])
        }
        func tests(cutsChanged: Set<[String]>) -> [GateTest] {
            strategyPairs.flatMap { names in
                let draws = pairs.filter { $0.baselineStrategy == names[0] && $0.currentStrategy == names[1] }.flatMap(
                    \.draws
                )
                return Metric.gated.map { metric in
                    GateTest(
                        baselineStrategy: names[0],
                        currentStrategy: names[1],
                        metric: metric,
                        threshold: thresholds.threshold(metric),
                        draws: draws,
                        nullExceedance: max(thresholds.nullExceedance, metric.nullExceedance ?? 0),
                        cutsChanged: cutsChanged.contains(names)
                    )
                }
            }
        }
        let first = decide(tests(cutsChanged: []), thresholds)
        let changed = Set(
            first.0.filter {
                $0.metric.id == Metric.phasesCut.id && ($0.outcome == .regressed || $0.outcome == .improved)
            }
            .map { [$0.baselineStrategy, $0.currentStrategy] }
        )
        return changed.isEmpty ? first : decide(tests(cutsChanged: changed), thresholds)
    }

    /// Holm's procedure over both directions of every tested metric, and each test's outcome.
    private static func decide(_ tests: [GateTest], _ thresholds: Thresholds) -> ([GateTest], Int) {
        var tests = tests
        // Both directions of every tested metric are one family: m p-values, one α.
        let tested = tests.indices.filter { tests[$0].isTested }
        let pValues = tested.flatMap { [tests[$0].pWorse, tests[$0].pBetter] }
        let holm = HolmCorrection(pValues: pValues, alpha: thresholds.alpha)
        let strictest = thresholds.alpha / Double(max(1, pValues.count))
        func needed(_ test: GateTest) -> Int {
            BinomialTail.drawsNeeded(probability: test.nullExceedance, level: strictest)
        }
        for (position, index) in tested.enumerated() {
            tests[index].levels = (holm.levels[2 * position], holm.levels[2 * position + 1])
            tests[index].outcome = tests[index].decide(
                regressed: holm.rejected[2 * position],
                improved: holm.rejected[2 * position + 1],
                needed: needed(tests[index])
            )
        }
        for index in tests.indices where !tested.contains(index) {
            tests[index].outcome = tests[index].decide(regressed: false, improved: false, needed: needed(tests[index]))
        }
        return (tests, BinomialTail.drawsNeeded(probability: thresholds.nullExceedance, level: strictest))
    }

    /// This comparison with each flag kept only if `rerun` — the same baseline against a rerun of the
    /// flagged strategies, same draws — flags the same metric of the same strategy the same way: a
    /// flag is confirmed before the verdict says REGRESSED or IMPROVED. Only a rerun with every
    /// draw the flagged test had and no failed run of the strategy may clear a flag; one that came
    /// up short leaves it unsettled (INCONCLUSIVE, named). A cell that lost more runs stands unless
    /// the rerun ran it and lost none more.
    public func confirmed(by rerun: Comparison) -> Comparison {
        var copy = self
        copy.confirmation = (rerun.tests, rerun.current.runs.count)
        for index in copy.tests.indices
        where copy.tests[index].outcome == .regressed || copy.tests[index].outcome == .improved {
            let test = copy.tests[index]
            let flag = test.outcome == .regressed ? "REGRESSED" : "IMPROVED"
            let again = rerun.tests.first {
                $0.baselineStrategy == test.baselineStrategy && $0.currentStrategy == test.currentStrategy
                    && $0.metric.id == test.metric.id
            }
            guard again?.outcome != test.outcome else { continue }
            let cells = rerun.pairs.filter {
                $0.baselineStrategy == test.baselineStrategy && $0.currentStrategy == test.currentStrategy
            }
            let lost = cells.reduce(0) { $0 + $1.currentRuns.total - $1.currentRuns.ok }
            if let again, again.draws.count >= test.draws.count, lost == 0 {
                copy.tests[index].outcome = .unconfirmed(flag)
            } else if let again, again.draws.count < test.draws.count {
                copy.tests[index].outcome = .unsettled(
                    flag,
                    why: "had \(again.draws.count) of its \(test.draws.count) draws"
                )
            } else if again != nil {
                copy.tests[index].outcome = .unsettled(
                    flag,
                    why: "lost \(lost) of \(cells.reduce(0) { $0 + $1.currentRuns.total }) runs"
                )
            } else {
                copy.tests[index].outcome = .unsettled(flag, why: "did not run the strategy")
            }
        }
        copy.unconfirmedFailures = pairs.filter { pair in
            pair.moreRunsFailed
                && rerun.pairs.contains { $0.title == pair.title && $0.isComparable && !$0.moreRunsFailed }
        }.map(\.title)
        return copy
    }

    /// The overall verdict. INCONCLUSIVE when the two sides ran different LANs (fixture or platform
    /// files differ) or no cell has a successful run on both sides; else REGRESSED when a test flags
    /// a metric worse or a cell lost more of its runs; else INCONCLUSIVE when anything the baseline
    /// had went unjudged (`gaps`); else IMPROVED when a test flags one better; PASS when at least
    /// one test had the draws to see a change and none did; INCONCLUSIVE when none could.
    public var verdict: Verdict {
        let gaps = self.gaps
        if gaps.contains(where: \.voidsComparison) { return .insufficientData }
        guard pairs.contains(where: \.isComparable) else { return .insufficientData }
        if tests.contains(where: { $0.outcome == .regressed }) || !failedCells.isEmpty { return .regression }
        if !gaps.isEmpty { return .insufficientData }
        if tests.contains(where: { $0.outcome == .improved }) { return .improved }
        if tests.contains(where: { if case .unconfirmed = $0.outcome { true } else { $0.outcome == .unchanged } }) {
            return .noRegression
        }
        return .insufficientData
    }

    /// Everything the verdict could not judge, in order: LANs that differ, baseline cells and draws
    /// the current side did not run, gated metrics it did not measure, flags a rerun left unsettled.
    public var gaps: [VerdictGap] {
        coverageGaps
            + tests.compactMap { test -> VerdictGap? in
                switch test.outcome {
                case .unmeasured(let draws):
                    .unmeasured(strategy: test.strategyTitle, metric: test.metric.title, draws: draws)
                case .unsettled(let flag, let why):
                    .unsettled(strategy: test.strategyTitle, metric: test.metric.title, flag: flag, why: why)
                default: nil
                }
            }
    }

    /// Cells that lost a larger share of their runs, unless a rerun did not.
    public var failedCells: [PairComparison] {
        pairs.filter { $0.moreRunsFailed && !unconfirmedFailures.contains($0.title) }
    }
    public var regressions: [GateTest] { tests.filter { $0.outcome == .regressed } }
    public var improvements: [GateTest] { tests.filter { $0.outcome == .improved } }

    private static func strategies(_ document: ResultsDocument) -> [String] { document.runs.firstSeen { $0.strategy } }

    private static func describe(_ document: ResultsDocument) -> String {
        let keys = Set(document.runs.map { "\($0.fixture)/\($0.scenario)/\($0.strategy)" }).sorted()
        return keys.isEmpty ? "no runs" : keys.joined(separator: ", ")
    }

    /// Pairs the selected runs of each side by (fixture, scenario), in the baseline's order; a
    /// baseline cell with successful runs and no current run at all goes to `missing`.
    private static func pair(
        _ baseline: ResultsDocument,
        _ current: ResultsDocument,
        _ seeds: (UInt64?, UInt64?),
        missing: inout [VerdictGap],
        baseline selectBaseline: (RunResult) -> Bool,
        current selectCurrent: (RunResult) -> Bool
    ) -> [PairComparison] {
        let left = baseline.runs.filter(selectBaseline).sorted { $0.sequence < $1.sequence }
        let right = current.runs.filter(selectCurrent)
        // A run of one platform is never paired with a run of another: the profile changes the
        // app's costs, so the difference would be the platform, not the change under test. The
        // platform is named in the cells only when the files hold more than one.
        let leftPlatform = { (run: RunResult) in
            run.platform ?? baseline.environment.platform?.name ?? PlatformRecord.defaultName
        }
        let rightPlatform = { (run: RunResult) in
            run.platform ?? current.environment.platform?.name ?? PlatformRecord.defaultName
        }
        let named = Set(left.map(leftPlatform) + right.map(rightPlatform)).count > 1
        var keys: [[String]] = []
        for run in left where !keys.contains([run.fixture, run.scenario, leftPlatform(run)]) {
            keys.append([run.fixture, run.scenario, leftPlatform(run)])
        }
        var pairs: [PairComparison] = []
        for key in keys {
            let b = left.filter { $0.fixture == key[0] && $0.scenario == key[1] && leftPlatform($0) == key[2] }
            let c = right.filter { $0.fixture == key[0] && $0.scenario == key[1] && rightPlatform($0) == key[2] }
            guard let bStrategy = b.first?.strategy else { continue }
            guard let cStrategy = c.first?.strategy else {
                let ok = b.filter { $0.status == .ok }.count
                if ok > 0 {
                    let title = "\(key[0]) · \(key[1]) · " + (named ? "\(key[2]) · " : "") + bStrategy
                    missing.append(.missingCell(title: title, baselineRuns: ok))
                }
                continue
            }
            pairs.append(
                PairComparison(
                    fixture: key[0],
                    scenario: key[1],
                    platform: named ? key[2] : nil,
                    baseline: (bStrategy, b),
                    current: (cStrategy, c),
                    defaultSeeds: seeds
                )
            )
        }
        return pairs
    }

    private static func environmentWarnings(
        _ b: RunEnvironment,
        _ c: RunEnvironment,
        pairs: [PairComparison]
    ) -> [String] {
        var warnings: [String] = []
        if b.cpu != c.cpu || b.cores != c.cores {
            warnings.append(
                "different machines: baseline \(b.cpu) × \(b.cores), current \(c.cpu) × \(c.cores) — timings are not comparable across machines"
            )
        }
        if b.kernel != c.kernel { warnings.append("different kernels: \(b.kernel) vs \(c.kernel)") }
        let unpaired = pairs.filter { $0.isComparable && $0.draws.contains { $0.seed == nil } }
        if !unpaired.isEmpty {
            warnings.append(
                "no seed in common in \(unpaired.count) of \(pairs.count) cells (\(unpaired.prefix(3).map(\.title).joined(separator: "; "))\(unpaired.count > 3 ? "; …" : "")): each counts as one draw, compared on medians of all its runs, and different draws of a LAN differ by more than the allowances were measured for — run both sides with the same --seed"
            )
        }
        let dropped = pairs.reduce(0) { $0 + $1.unpairedRuns }
        if dropped > 0 {
            warnings.append(
                "\(dropped) successful \(dropped == 1 ? "run has" : "runs have") a seed the other side did not run: not compared"
            )
        }
        return warnings
    }

    /// Fixtures and the platform profile whose files differ between the two sides.
    private static func differentLANs(_ b: RunEnvironment, _ c: RunEnvironment, pairs: [PairComparison]) -> [VerdictGap]
    {
        var gaps: [VerdictGap] = []
        for fixture in Set(pairs.map(\.fixture)).sorted() {
            if let x = b.fixtureHashes[fixture], let y = c.fixtureHashes[fixture], x != y {
                gaps.append(.fixtureDiffers(fixture: fixture, baseline: x, current: y))
            }
        }
        if let x = b.platform, let y = c.platform, x.name == y.name, x.sha256 != y.sha256 {
            gaps.append(.platformDiffers(platform: x.name, baseline: x.sha256, current: y.sha256))
        }
        return gaps
    }

    /// "netmonitor-2.0 (sha256 e19248ac8757… → 0a1b2c3d4e5f…)" for each strategy of the same name
    /// on both sides whose file differs.
    private static func changedStrategyFiles(
        _ b: RunEnvironment,
        _ c: RunEnvironment,
        pairs: [PairComparison]
    ) -> [String] {
        Set(pairs.filter { $0.baselineStrategy == $0.currentStrategy }.map(\.baselineStrategy)).sorted().compactMap {
            strategy in
            guard let x = b.strategyHashes[strategy], let y = c.strategyHashes[strategy], x != y else { return nil }
            return "\(strategy) (sha256 \(x.prefix(12))… → \(y.prefix(12))…)"
        }
    }
}
