import Results

/// `scanbench compare`: a current results file held against a baseline, pair by pair, metric by
/// metric, ending in a `Verdict`.
///
/// Counters (attempts, packets, devices) are gated on thresholds applied to medians; timings
/// (duration, time to 90 %, CPU, memory, hitches) only when a two-sided Mann–Whitney U test is
/// significant and the effect is large (Cliff's δ) and the median moved by at least the minimum
/// change. See docs/REPORTS.md.
public struct Comparison: Sendable {
    public let baseline: ResultsDocument
    public let current: ResultsDocument
    public let thresholds: Thresholds
    public let pairs: [PairComparison]
    /// How the runs were paired, in words.
    public let pairingNote: String
    /// Differences between the two environments that make numbers less comparable.
    public let environmentWarnings: [String]
    /// Both sides ran every run with the same seed: counters are gated exactly.
    public let seeded: Bool

    /// Pairs and compares.
    /// - Throws: `CompareInputError` when the two files have nothing to pair (exit status 2).
    public init(baseline: ResultsDocument, current: ResultsDocument, thresholds: Thresholds = .defaults,
                pairing: PairingMode = .automatic) throws(CompareInputError) {
        self.baseline = baseline
        self.current = current
        self.thresholds = thresholds
        let seeded = baseline.environment.seed != nil && baseline.environment.seed == current.environment.seed
        self.seeded = seeded
        var pairs: [PairComparison] = []
        let baselineStrategies = Self.strategies(baseline)
        let currentStrategies = Self.strategies(current)
        switch pairing {
        case .strategies(let from, let to):
            guard baselineStrategies.contains(from) else {
                throw CompareInputError("the baseline has no runs of strategy \(from)", fix: "it has: \(baselineStrategies.joined(separator: ", "))")
            }
            guard currentStrategies.contains(to) else {
                throw CompareInputError("the current results have no runs of strategy \(to)", fix: "they have: \(currentStrategies.joined(separator: ", "))")
            }
            pairs = Self.pair(baseline, current, thresholds, seeded: seeded) { $0.strategy == from } current: { $0.strategy == to }
            pairingNote = "Baseline strategy `\(from)` against current strategy `\(to)`, by fixture and scenario."
        case .automatic:
            let common = baselineStrategies.filter(currentStrategies.contains)
            pairs = common.flatMap { strategy in
                Self.pair(baseline, current, thresholds, seeded: seeded) { $0.strategy == strategy } current: { $0.strategy == strategy }
            }
            if !pairs.isEmpty {
                pairingNote = "By fixture, scenario and strategy."
            } else if baselineStrategies.count == 1, currentStrategies.count == 1 {
                pairs = Self.pair(baseline, current, thresholds, seeded: seeded) { _ in true } current: { _ in true }
                pairingNote = "Each file holds one strategy (`\(baselineStrategies[0])` and `\(currentStrategies[0])`), so they are compared with each other, by fixture and scenario."
            } else {
                pairingNote = ""
            }
        }
        guard !pairs.isEmpty else {
            throw CompareInputError(
                "the two results files have no (fixture, scenario, strategy) in common",
                fix: "baseline has \(Self.describe(baseline)), current has \(Self.describe(current)); pick one strategy on each side with --baseline-strategy and --current-strategy")
        }
        self.pairs = pairs
        environmentWarnings = Self.environmentWarnings(baseline.environment, current.environment, pairs: pairs)
    }

    /// The overall verdict.
    public var verdict: Verdict {
        let comparable = pairs.filter(\.isComparable)
        guard !comparable.isEmpty else { return .insufficientData }
        if pairs.contains(where: { !$0.regressions.isEmpty || $0.moreRunsFailed }) { return .regression }
        if comparable.contains(where: { !$0.improvements.isEmpty }) { return .improved }
        return .noRegression
    }

    private static func strategies(_ document: ResultsDocument) -> [String] {
        var seen: [String] = []
        for run in document.runs.sorted(by: { $0.sequence < $1.sequence }) where !seen.contains(run.strategy) { seen.append(run.strategy) }
        return seen
    }

    private static func describe(_ document: ResultsDocument) -> String {
        let keys = Set(document.runs.map { "\($0.fixture)/\($0.scenario)/\($0.strategy)" }).sorted()
        return keys.isEmpty ? "no runs" : keys.joined(separator: ", ")
    }

    /// Pairs the selected runs of each side by (fixture, scenario), in the baseline's order.
    private static func pair(_ baseline: ResultsDocument, _ current: ResultsDocument, _ thresholds: Thresholds, seeded: Bool,
                             baseline selectBaseline: (RunResult) -> Bool, current selectCurrent: (RunResult) -> Bool) -> [PairComparison] {
        let left = baseline.runs.filter(selectBaseline).sorted { $0.sequence < $1.sequence }
        let right = current.runs.filter(selectCurrent)
        var keys: [[String]] = []
        for run in left where !keys.contains([run.fixture, run.scenario]) { keys.append([run.fixture, run.scenario]) }
        return keys.compactMap { key in
            let b = left.filter { $0.fixture == key[0] && $0.scenario == key[1] }
            let c = right.filter { $0.fixture == key[0] && $0.scenario == key[1] }
            guard let bStrategy = b.first?.strategy, let cStrategy = c.first?.strategy else { return nil }
            return PairComparison(fixture: key[0], scenario: key[1], baseline: (bStrategy, b), current: (cStrategy, c),
                                  thresholds: thresholds, seeded: seeded)
        }
    }

    private static func environmentWarnings(_ b: RunEnvironment, _ c: RunEnvironment, pairs: [PairComparison]) -> [String] {
        var warnings: [String] = []
        if b.cpu != c.cpu || b.cores != c.cores {
            warnings.append("different machines: baseline \(b.cpu) × \(b.cores), current \(c.cpu) × \(c.cores) — timings are not comparable across machines")
        }
        if b.kernel != c.kernel { warnings.append("different kernels: \(b.kernel) vs \(c.kernel)") }
        if b.seed != c.seed {
            let seeds = [b.seed, c.seed].map { $0.map { "seed \($0)" } ?? "a seed per run" }
            warnings.append("different seeds: baseline \(seeds[0]), current \(seeds[1]) — counters are gated with the unseeded slack, not exactly (run both with the same --seed)")
        }
        for fixture in Set(pairs.map(\.fixture)).sorted() {
            if let x = b.fixtureHashes[fixture], let y = c.fixtureHashes[fixture], x != y {
                warnings.append("fixture \(fixture) differs between the two runs (sha256 \(x.prefix(12))… vs \(y.prefix(12))…)")
            }
        }
        for strategy in Set(pairs.filter { $0.baselineStrategy == $0.currentStrategy }.map(\.baselineStrategy)).sorted() {
            let pair = (baselineStrategy: strategy, currentStrategy: strategy)
            if let x = b.strategyHashes[pair.baselineStrategy], let y = c.strategyHashes[pair.currentStrategy], x != y {
                warnings.append("strategy \(pair.baselineStrategy) file differs between the two runs (sha256 \(x.prefix(12))… vs \(y.prefix(12))…)")
            }
        }
        return warnings
    }
}
