import Results

/// One (fixture, scenario) and a strategy on each side, with every metric compared.
public struct PairComparison: Sendable {
    public let fixture: String
    public let scenario: String
    public let baselineStrategy: String
    public let currentStrategy: String
    /// Runs that succeeded / all runs, per side.
    public let baselineRuns: (ok: Int, total: Int)
    public let currentRuns: (ok: Int, total: Int)
    public let metrics: [MetricComparison]

    /// Whether the current side lost a larger share of its runs (failed or timed out) than the
    /// baseline: a regression whatever the numbers.
    public var moreRunsFailed: Bool {
        guard currentRuns.total > 0, baselineRuns.total > 0 else { return false }
        let baselineShare = Double(baselineRuns.total - baselineRuns.ok) / Double(baselineRuns.total)
        let currentShare = Double(currentRuns.total - currentRuns.ok) / Double(currentRuns.total)
        return currentShare > baselineShare
    }

    /// Whether both sides have a successful run, so anything could be judged.
    public var isComparable: Bool { baselineRuns.ok > 0 && currentRuns.ok > 0 }

    public var regressions: [MetricComparison] { metrics.filter { $0.outcome == .regressed } }
    public var improvements: [MetricComparison] { metrics.filter { $0.outcome == .improved } }

    /// "home · scan" or "home · scan: a → b" when the strategies differ.
    public var title: String {
        let base = "\(fixture) · \(scenario)"
        return baselineStrategy == currentStrategy ? "\(base) · \(baselineStrategy)" : "\(base): \(baselineStrategy) → \(currentStrategy)"
    }

    init(fixture: String, scenario: String, baseline: (String, [RunResult]), current: (String, [RunResult]), thresholds: Thresholds,
         seeded: Bool) {
        self.fixture = fixture
        self.scenario = scenario
        baselineStrategy = baseline.0
        currentStrategy = current.0
        let baselineOK = baseline.1.filter { $0.status == .ok }
        let currentOK = current.1.filter { $0.status == .ok }
        baselineRuns = (baselineOK.count, baseline.1.count)
        currentRuns = (currentOK.count, current.1.count)
        let timingDecided = Self.deadlineCuts(baselineOK, side: "baseline")
        let currentCut = timingDecided == nil ? Self.deadlineCuts(currentOK, side: "current side") : nil
        metrics = Metric.all.map { metric in
            MetricComparison(metric: metric, baseline: baselineOK.compactMap { metric.value(in: $0.metrics) },
                             current: currentOK.compactMap { metric.value(in: $0.metrics) }, thresholds: thresholds,
                             seeded: seeded, timingDecided: timingDecided, currentCut: currentCut)
        }
    }

    /// "the baseline's tcp_probe phase was cut at its deadline in 3 of 3 runs", or nil when no
    /// run of `runs` was cut. The baseline's cuts make its counters timing-decided; the current
    /// side's cuts never loosen its gate (a change that makes scans hit a deadline keeps the exact
    /// gate), they only keep a cut phase's smaller counts from being credited as an improvement.
    static func deadlineCuts(_ runs: [RunResult], side: String) -> String? {
        let cut = runs.filter { !($0.metrics.phasesCutAtDeadline ?? []).isEmpty }
        guard !cut.isEmpty else { return nil }
        let phases = Set(cut.flatMap { $0.metrics.phasesCutAtDeadline ?? [] }).sorted().joined(separator: ", ")
        return "the \(side)'s \(phases) phase was cut at its deadline in \(cut.count) of \(runs.count) runs"
    }
}
