import Results

/// One metric of one pair: both sides' values, the change, and what the gate made of it.
public struct MetricComparison: Sendable {
    /// What the gate decided.
    public enum Outcome: Sendable, Equatable {
        /// Within the allowance (counter), or no significant and large enough change (timing).
        case unchanged
        case improved
        case regressed
        /// A timing whose median moved beyond the minimum change, but the test is not significant or
        /// the effect size is too small: noise until more runs say otherwise.
        case notSignificant
        /// Not enough values to decide (reason given).
        case insufficientData(String)
        /// The thresholds switch this metric's gate off.
        case notGated
    }

    public let metric: Metric
    public let threshold: MetricThreshold
    public let baseline: [Double]
    public let current: [Double]
    /// Two-sided Mann–Whitney p (timings only).
    public let p: Double?
    /// Cliff's δ of current against baseline (timings only).
    public let cliffsDelta: Double?
    public let outcome: Outcome

    public var baselineMedian: Double? { SampleSummary(baseline)?.median }
    public var currentMedian: Double? { SampleSummary(current)?.median }

    /// Current median − baseline median.
    public var change: Double? {
        guard let b = baselineMedian, let c = currentMedian else { return nil }
        return c - b
    }

    /// Change in % of the baseline median (nil when the baseline median is 0).
    public var relativeChange: Double? {
        guard let b = baselineMedian, let change, b != 0 else { return nil }
        return change / abs(b) * 100
    }

    /// Whether the values were judged as a timing's are: a timing, or a counter the baseline's
    /// deadline cuts make timing-decided.
    public let judgedAsTiming: Bool

    /// Compares `current` with `baseline` values of `metric` under `thresholds`.
    /// - Parameters:
    ///   - seeded: both sides ran with one seed, so counters that repeated are gated exactly
    ///     (`Thresholds.threshold(_:seeded:baseline:current:)`).
    ///   - timingDecided: why the baseline's counters depend on timing by mechanism (a phase cut at
    ///     its deadline in some of its runs), or nil. Such a counter can be bimodal — where the cut
    ///     falls decides whether a whole phase runs — so a median of a few runs, or a spread that
    ///     happened not to show both modes, proves nothing: it is judged like a timing (the test, the
    ///     effect size and the allowance), and not at all with fewer runs than the test needs. A
    ///     counter a thresholds file names keeps its counter gate.
    ///   - currentCut: why the current side's counters may be short (a phase cut at its deadline
    ///     where the baseline's never was), or nil. A cut phase does less, so a counter that is
    ///     better is not credited as an improvement; one that is worse is still a regression.
    public init(metric: Metric, baseline: [Double], current: [Double], thresholds: Thresholds, seeded: Bool = false,
                timingDecided: String? = nil, currentCut: String? = nil) {
        self.metric = metric
        self.baseline = baseline
        self.current = current
        let asTiming = metric.kind == .timing || (timingDecided != nil && !thresholds.fromFile.contains(metric.id))
        judgedAsTiming = asTiming
        threshold = asTiming ? thresholds.threshold(metric)
            : thresholds.threshold(metric, seeded: seeded, baseline: baseline, current: current)
        var p: Double?
        var delta: Double?
        let outcome: Outcome
        if baseline.isEmpty || current.isEmpty {
            outcome = .insufficientData(baseline.isEmpty && current.isEmpty ? "not measured" : "measured on one side only")
        } else if !asTiming {
            let counted = Self.counterOutcome(metric, threshold, SampleSummary(baseline)!.median, SampleSummary(current)!.median)
            if counted == .improved, let currentCut {
                outcome = .insufficientData("better, but \(currentCut): a cut phase does less, which is no improvement")
            } else {
                outcome = counted
            }
        } else {
            let smallest = MannWhitneyU.smallestPossibleP(baseline.count, current.count)
            delta = CliffsDelta.of(current, against: baseline)
            p = MannWhitneyU(baseline, current)?.p
            if smallest >= thresholds.alpha {
                let runs = "\(baseline.count) vs \(current.count) runs cannot reach p < \(NumberFormat.decimal(thresholds.alpha, digits: 2)) (smallest possible p = \(NumberFormat.decimal(smallest, digits: 3))); use at least \(Self.runsNeeded(thresholds.alpha)) per side"
                outcome = .insufficientData(metric.kind == .counter ? "\(timingDecided ?? ""), so timing decides it; \(runs)" : runs)
            } else {
                outcome = Self.timingOutcome(metric, threshold, thresholds, baseline, current, p: p ?? 1, delta: delta ?? 0)
            }
        }
        self.p = p
        cliffsDelta = delta
        self.outcome = threshold.gate ? outcome : .notGated
    }

    /// Repetitions per side (equal sizes) for which complete separation reaches p < alpha.
    static func runsNeeded(_ alpha: Double) -> Int {
        var n = 2
        while MannWhitneyU.smallestPossibleP(n, n) >= alpha, n < 100 { n += 1 }
        return n
    }

    /// Worsening beyond every allowance → regressed; improvement beyond them → improved.
    static func counterOutcome(_ metric: Metric, _ threshold: MetricThreshold, _ b: Double, _ c: Double) -> Outcome {
        let worsening = metric.direction == .lowerIsBetter ? c - b : b - c
        func tolerated(_ amount: Double) -> Bool {
            if amount <= 0 { return true }
            if let relative = threshold.relativePercent, b != 0, amount <= relative / 100 * abs(b) + 1e-9 { return true }
            if let absolute = threshold.absolute, amount <= absolute + 1e-9 { return true }
            return false
        }
        if !tolerated(worsening) { return .regressed }
        if !tolerated(-worsening) { return .improved }
        return .unchanged
    }

    /// Regressed (or improved) only when the test is significant, |δ| is at least the minimum
    /// effect, and the median moved by at least the metric's minimum change, all the same way.
    static func timingOutcome(_ metric: Metric, _ threshold: MetricThreshold, _ thresholds: Thresholds,
                              _ baseline: [Double], _ current: [Double], p: Double, delta: Double) -> Outcome {
        let b = SampleSummary(baseline)!.median
        let c = SampleSummary(current)!.median
        let worsening = metric.direction == .lowerIsBetter ? c - b : b - c
        let badDelta = metric.direction == .lowerIsBetter ? delta : -delta
        var bigEnough = true
        if let relative = threshold.relativePercent { bigEnough = bigEnough && abs(worsening) >= relative / 100 * abs(b) }
        if let absolute = threshold.absolute { bigEnough = bigEnough && abs(worsening) >= absolute }
        guard bigEnough, worsening != 0 else { return .unchanged }
        // The medians moved enough; the test and the effect size decide whether it is real.
        guard p < thresholds.alpha, abs(delta) >= thresholds.minEffectSize, (worsening > 0) == (badDelta > 0) else {
            return .notSignificant
        }
        return worsening > 0 ? .regressed : .improved
    }
}
