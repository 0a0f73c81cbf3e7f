import Results

/// One metric of one strategy (pair), tested over every draw both sides ran: how many draws landed
/// beyond the metric's allowance each way, and whether that many could happen by chance.
///
/// Under unchanged code a draw lands beyond the allowance one way with probability at most q
/// (`Thresholds.nullExceedance`, checked against recorded runs: docs/REPORTS.md), independently
/// per draw (each is another seed, or another LAN). So k of n draws worse has probability at most
/// P(Binomial(n, q) ≥ k): the test's p-value, one per direction. `Comparison` holds every p-value
/// of the verdict to Holm's levels, so the chance of any false flag in a verdict stays below α.
public struct GateTest: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// Too many draws worse to be chance.
        case regressed
        /// Too many draws better to be chance: the same evidence as a regression.
        case improved
        /// Enough draws to have seen a change, and none stood out.
        case unchanged
        /// Fewer draws than the test needs to flag anything at the verdict's level.
        case inconclusive(needed: Int)
        /// No draw could be judged (reason given).
        case notJudged(String)
        /// The thresholds file takes the metric out of the verdict.
        case notGated
        /// Flagged (REGRESSED or IMPROVED, named) on the first runs, not on the rerun of the
        /// strategy (`compare --confirm`): not a flag.
        case unconfirmed(String)
    }

    public let baselineStrategy: String
    public let currentStrategy: String
    public let metric: Metric
    public let threshold: MetricThreshold
    /// Every draw with its judgement, in the cells' order.
    public let draws: [(draw: PairedDraw, judgement: PairedDraw.Judgement)]
    /// The chance a draw of unchanged code lands beyond the allowance one way.
    public let nullExceedance: Double
    /// What the verdict made of it (set by `Comparison` once Holm's procedure has run).
    public internal(set) var outcome: Outcome = .notGated
    /// The Holm levels the two p-values were held against (nil when not tested).
    public internal(set) var levels: (worse: Double, better: Double)?

    /// Whether draws cut on one side only were judged (the strategy's cuts changed beyond chance).
    public let cutsChanged: Bool

    init(baselineStrategy: String, currentStrategy: String, metric: Metric, threshold: MetricThreshold, draws: [PairedDraw], nullExceedance: Double,
         cutsChanged: Bool = false) {
        self.baselineStrategy = baselineStrategy
        self.currentStrategy = currentStrategy
        self.metric = metric
        self.threshold = threshold
        self.draws = draws.map { ($0, $0.judge(metric, threshold, cutsChanged: cutsChanged)) }
        self.nullExceedance = nullExceedance
        self.cutsChanged = cutsChanged
    }

    /// "netmonitor-2.0", or "a → b" when the strategies differ.
    public var strategyTitle: String {
        baselineStrategy == currentStrategy ? baselineStrategy : "\(baselineStrategy) → \(currentStrategy)"
    }

    /// Draws judged (not left out).
    public var judged: Int { draws.filter { if case .notJudged = $0.judgement { false } else { true } }.count }
    public var worse: Int { draws.filter { $0.judgement == .worse }.count }
    public var better: Int { draws.filter { $0.judgement == .better }.count }
    /// Why draws were left out, with how many: "2 cut at a deadline".
    public var leftOut: [String] {
        var counts: [String: Int] = [:]
        for case (_, .notJudged(let reason)) in draws { counts[reason, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
    }

    /// Whether the verdict tests it: gated and at least one draw judged.
    public var isTested: Bool { threshold.gate && judged > 0 }

    /// P(at least `worse` of `judged` draws beyond the allowance by chance).
    public var pWorse: Double { BinomialTail.atLeast(worse, of: judged, probability: nullExceedance) }
    public var pBetter: Double { BinomialTail.atLeast(better, of: judged, probability: nullExceedance) }

    /// The outcome once Holm's procedure has spoken for both directions.
    /// - Parameters:
    ///   - regressed: the worse direction's p-value met its level.
    ///   - improved: the better direction's met its level.
    ///   - needed: draws any test of this verdict needs to flag at Holm's strictest level.
    func decide(regressed: Bool, improved: Bool, needed: Int) -> Outcome {
        guard threshold.gate else { return .notGated }
        guard judged > 0 else { return .notJudged(leftOut.isEmpty ? "no draw in common" : leftOut.joined(separator: ", ")) }
        if regressed { return .regressed }
        if improved { return .improved }
        return judged >= needed ? .unchanged : .inconclusive(needed: needed)
    }
}
