import Results
import Statistics

/// One metric of one strategy (pair), tested over every draw of a LAN both sides ran: how many
/// landed beyond the metric's allowance each way, and whether that many could happen by chance.
///
/// The unit is a draw of a LAN — a fixture and seed (and platform) — not a scenario's run on it:
/// the scenarios on one LAN and seed share its draws of impairments and the machine's moment, so
/// they are not independent. Such a cluster is worse when any of its scenarios landed worse (better
/// likewise); under unchanged code each scenario does so with probability at most q
/// (`Thresholds.nullExceedance`), so a cluster of m with at most min(1, m·q) whatever their
/// dependence (the union bound), independently across clusters (another seed, or another LAN).
/// k worse clusters then has probability at most P(S ≥ k) for S the sum of those Bernoulli
/// chances (`BinomialTail.atLeast(_:probabilities:)`): the test's p-value, one per direction.
/// `Comparison` holds every p-value of the verdict to Holm's levels, so the chance of any false
/// flag in a verdict stays below α.
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
        /// Flagged (REGRESSED or IMPROVED, named) on the first runs, not on a rerun of the
        /// strategy with every draw the test had (`compare --confirm`): not a flag.
        case unconfirmed(String)
        /// Flagged (named) on the first runs, and the rerun could not settle it: its runs failed or
        /// it had fewer draws (why). The verdict is INCONCLUSIVE unless something else regressed.
        case unsettled(String, why: String)
        /// The baseline measured the metric on this many draws the current side did not: the
        /// verdict is INCONCLUSIVE unless something else regressed.
        case unmeasured(draws: Int)
    }

    public let baselineStrategy: String
    public let currentStrategy: String
    public let metric: Metric
    public let threshold: MetricThreshold
    /// Every draw with its judgement, in the cells' order.
    public let draws: [(draw: PairedDraw, judgement: PairedDraw.Judgement)]
    /// The draws of a LAN the test counts, each with the scenarios judged on it: what `judged`,
    /// `worse` and `better` count.
    public let clusters: [Cluster]
    /// The chance a draw of unchanged code lands beyond the allowance one way.
    public let nullExceedance: Double
    /// What the verdict made of it (set by `Comparison` once Holm's procedure has run).
    public internal(set) var outcome: Outcome = .notGated
    /// The Holm levels the two p-values were held against (nil when not tested).
    public internal(set) var levels: (worse: Double, better: Double)?

    /// Whether draws cut on one side only were judged (the strategy's cuts changed beyond chance).
    public let cutsChanged: Bool

    init(
        baselineStrategy: String,
        currentStrategy: String,
        metric: Metric,
        threshold: MetricThreshold,
        draws: [PairedDraw],
        nullExceedance: Double,
        cutsChanged: Bool = false
    ) {
        self.baselineStrategy = baselineStrategy
        self.currentStrategy = currentStrategy
        self.metric = metric
        self.threshold = threshold
        let judged = draws.map { ($0, $0.judge(metric, threshold, cutsChanged: cutsChanged)) }
        self.draws = judged
        clusters = Cluster.group(judged)
        self.nullExceedance = nullExceedance
        self.cutsChanged = cutsChanged
    }

    /// "netmonitor-2.0", or "a → b" when the strategies differ.
    public var strategyTitle: String {
        baselineStrategy == currentStrategy ? baselineStrategy : "\(baselineStrategy) → \(currentStrategy)"
    }

    /// Draws of a LAN judged (a scenario on it not left out), and those that landed worse or better.
    public var judged: Int { clusters.count }
    public var worse: Int { clusters.filter(\.worse).count }
    public var better: Int { clusters.filter(\.better).count }
    /// Scenario draws the baseline measured and the current side did not.
    public var unmeasured: Int { draws.filter { $0.judgement == .unmeasured }.count }
    /// Why draws were left out, with how many: "2 cut at a deadline".
    public var leftOut: [String] {
        var counts: [String: Int] = [:]
        for case (_, .notJudged(let reason)) in draws { counts[reason, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
    }

    /// Whether the verdict tests it: gated and at least one draw judged.
    public var isTested: Bool { threshold.gate && judged > 0 }

    /// P(at least `worse` of the `judged` clusters beyond the allowance by chance).
    public var pWorse: Double { BinomialTail.atLeast(worse, probabilities: clusterChances) }
    public var pBetter: Double { BinomialTail.atLeast(better, probabilities: clusterChances) }

    /// Each cluster's bound on landing beyond the allowance one way under unchanged code.
    private var clusterChances: [Double] { clusters.map { Swift.min(1, Double($0.scenarios) * nullExceedance) } }

    /// The outcome once Holm's procedure has spoken for both directions.
    /// - Parameters:
    ///   - regressed: the worse direction's p-value met its level.
    ///   - improved: the better direction's met its level.
    ///   - needed: draws any test of this verdict needs to flag at Holm's strictest level.
    func decide(regressed: Bool, improved: Bool, needed: Int) -> Outcome {
        guard threshold.gate else { return .notGated }
        if regressed { return .regressed }
        if unmeasured > 0 { return .unmeasured(draws: unmeasured) }
        guard judged > 0 else {
            return .notJudged(leftOut.isEmpty ? "no draw in common" : leftOut.joined(separator: ", "))
        }
        if improved { return .improved }
        return judged >= needed ? .unchanged : .inconclusive(needed: needed)
    }
}

extension GateTest {
    /// One draw of a LAN (fixture, platform, seed) and how its judged scenarios landed.
    public struct Cluster: Sendable, Equatable {
        /// "home · seed 3".
        public let title: String
        /// Scenarios judged on it.
        public let scenarios: Int
        /// Some scenario landed worse (better) beyond the allowance.
        public let worse: Bool
        public let better: Bool

        /// The judged draws grouped by LAN and seed, in first-seen order; a draw without a seed in
        /// common stands alone. Clusters with no judged scenario are left out.
        static func group(_ draws: [(draw: PairedDraw, judgement: PairedDraw.Judgement)]) -> [Cluster] {
            var order: [String] = []
            var members: [String: [PairedDraw.Judgement]] = [:]
            for (draw, judgement) in draws {
                switch judgement {
                case .notJudged, .unmeasured: continue
                case .within, .worse, .better: break
                }
                let key = draw.clusterTitle
                if members[key] == nil { order.append(key) }
                members[key, default: []].append(judgement)
            }
            return order.map { key in
                let judgements = members[key] ?? []
                return Cluster(
                    title: key,
                    scenarios: judgements.count,
                    worse: judgements.contains(.worse),
                    better: judgements.contains(.better)
                )
            }
        }
    }
}
