import Results
import Statistics

/// One draw of a LAN that both sides ran — a fixture, scenario and seed — with each side's
/// successful runs of it: the unit `compare` judges.
///
/// Runs are paired by seed because the seed fixes the LAN's random impairments and the scanner's
/// own random choices (docs/HARNESS.md#seeds-and-repeatability): two runs of one seed differ by
/// timing alone, so a difference beyond that is the change under test. A side with several runs of
/// the draw counts with their median.
public struct PairedDraw: Sendable {
    public let fixture: String
    public let scenario: String
    /// The platform both sides ran on, when the files hold more than one; nil otherwise.
    public let platform: String?
    /// The shared seed; nil when the two sides had no seed in common, and this draw stands for all
    /// of the cell's runs, compared on their medians.
    public let seed: UInt64?
    public let baseline: [RunResult]
    public let current: [RunResult]

    /// Whether both sides had a run with a phase cut at its deadline on this draw: where each cut
    /// fell then decides some counters (`Metric.WhenCut`).
    public var cut: Bool { Self.cut(baseline) && Self.cut(current) }

    /// Whether exactly one side had a phase cut at its deadline. Whether a phase ends just before
    /// or just after its deadline can be a race (netmonitor-2.0 on `home` was cut in 5 of 10 runs
    /// of five seeds, and its TCP attempts are 25–47 cut and 136–151 not), so a counter the cut
    /// decides says nothing on such a draw — unless the cuts changed for real (the strategy's test
    /// of `phases_cut_at_deadline` flagged them): then what the side that ran to the end sent is
    /// its real cost (`judge(_:_:cutsChanged:)`).
    public var cutOnOneSide: Bool { Self.cut(baseline) != Self.cut(current) }

    private static func cut(_ runs: [RunResult]) -> Bool {
        runs.contains { !($0.metrics.phasesCutAtDeadline ?? []).isEmpty }
    }

    /// "home · scan · seed 3".
    public var title: String {
        "\(fixture) · \(scenario) · " + (platform.map { "\($0) · " } ?? "") + (seed.map { "seed \($0)" } ?? "all runs")
    }

    /// The draw of a LAN it belongs to, shared by the scenarios run on it: "home · seed 3"; a draw
    /// without a seed in common is its own ("home · scan · all runs").
    public var clusterTitle: String {
        guard let seed else { return title }
        return "\(fixture) · " + (platform.map { "\($0) · " } ?? "") + "seed \(seed)"
    }

    /// Each side's median of `metric` on this draw; nil when a side did not measure it.
    public func values(_ metric: Metric) -> (baseline: Double, current: Double)? {
        guard let b = SampleSummary(baseline.compactMap { metric.value(in: $0.metrics) })?.median,
            let c = SampleSummary(current.compactMap { metric.value(in: $0.metrics) })?.median
        else { return nil }
        return (b, c)
    }

    /// Where this draw landed for `metric` under `threshold`.
    /// - Parameter cutsChanged: the strategy's deadline cuts changed beyond chance (its
    ///   `phases_cut_at_deadline` test flagged them), so a draw cut on one side only is judged.
    public func judge(_ metric: Metric, _ threshold: MetricThreshold, cutsChanged: Bool = false) -> Judgement {
        guard let (b, c) = values(metric) else {
            let measuredBefore = baseline.contains { metric.value(in: $0.metrics) != nil }
            return measuredBefore ? .unmeasured : .notJudged("not measured")
        }
        var allowance = threshold
        if cutOnOneSide, metric.whenCut != .sameAllowance, !cutsChanged {
            return .notJudged("cut on one side only")
        }
        if cut {
            switch metric.whenCut {
            case .sameAllowance: break
            case .allowance(let wider): allowance = wider
            case .notJudged: return .notJudged("cut at a deadline")
            }
        }
        guard allowance.isExceeded(by: c - b, from: b) else { return .within }
        return metric.isBetter(c, than: b) ? .better : .worse
    }

    /// Where one draw landed for one metric.
    public enum Judgement: Sendable, Equatable {
        case within, worse, better
        /// Left out of the test, with why.
        case notJudged(String)
        /// The baseline measured it on this draw and the current side did not: a gap the verdict
        /// names, never a draw left out in silence.
        case unmeasured
    }

    /// The draws of one cell: one per seed both sides ran (each side's runs of it); when they share
    /// no seed, one draw of all their runs.
    static func pair(
        fixture: String,
        scenario: String,
        platform: String? = nil,
        baseline: [RunResult],
        current: [RunResult],
        defaultSeeds: (UInt64?, UInt64?)
    ) -> [PairedDraw] {
        func bySeed(_ runs: [RunResult], _ fallback: UInt64?) -> [UInt64: [RunResult]] {
            var groups: [UInt64: [RunResult]] = [:]
            for run in runs { if let seed = run.seed ?? fallback { groups[seed, default: []].append(run) } }
            return groups
        }
        let left = bySeed(baseline, defaultSeeds.0)
        let right = bySeed(current, defaultSeeds.1)
        let common = Set(left.keys).intersection(right.keys).sorted()
        guard !common.isEmpty else {
            return [
                PairedDraw(
                    fixture: fixture,
                    scenario: scenario,
                    platform: platform,
                    seed: nil,
                    baseline: baseline,
                    current: current
                )
            ]
        }
        return common.map {
            PairedDraw(
                fixture: fixture,
                scenario: scenario,
                platform: platform,
                seed: $0,
                baseline: left[$0]!,
                current: right[$0]!
            )
        }
    }
}
