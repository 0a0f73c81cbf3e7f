import Results
import Statistics

/// What changing one knob did to one metric, in one direction: the runs without the change
/// (`from`) against the runs with it (`to`), over successful repetitions.
///
/// Forward: BASE → BASE with the knob at TARGET's value. Leave-one-out: TARGET with the knob back
/// at BASE's value → TARGET. Both read "what setting the knob to TARGET's value did", so in an
/// additive world the two agree.
public struct KnobEffect: Sendable, Equatable, Encodable {
    /// Median of `to` minus median of `from`.
    public let delta: Double
    public let fromMedian: Double
    public let toMedian: Double
    /// Two-sided Mann–Whitney p of `to` against `from` (3 against 3 runs cannot go below 0.1).
    public let p: Double
    /// Cliff's δ of `to` against `from`: +1 when every run with the change is higher.
    public let cliffsDelta: Double
    public let runs: [Int]

    /// Nil when either side has no successful run.
    public init?(from: [Double], to: [Double]) {
        guard let before = SampleSummary(from), let after = SampleSummary(to), let test = MannWhitneyU(to, from),
            let delta = CliffsDelta.of(to, against: from)
        else { return nil }
        self.delta = after.median - before.median
        fromMedian = before.median
        toMedian = after.median
        p = test.p
        cliffsDelta = delta
        runs = [from.count, to.count]
    }

    /// Whether the change is real and large enough to name (docs/STRATEGIES.md, "Ablation"): it
    /// shows in the digits the report prints, the two samples barely overlap (|δ| ≥ 0.474, Romano
    /// et al.'s "large") and it is at least `share` of `total`, BASE → TARGET's change of the
    /// same metric (any printed change counts when the total is zero).
    func isMaterial(_ metric: Metric, total: Double, share: Double = AblationAnalysis.materialShare) -> Bool {
        metric.printed(abs(delta)) > 0 && abs(cliffsDelta) >= CliffsDelta.large && abs(delta) >= share * abs(total)
    }

    enum CodingKeys: String, CodingKey {
        case delta, p, runs
        case fromMedian = "from_median"
        case toMedian = "to_median"
        case cliffsDelta = "cliffs_delta"
    }
}
