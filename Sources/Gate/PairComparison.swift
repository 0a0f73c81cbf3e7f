import Results
import Statistics

/// One cell — a fixture and scenario — with a strategy on each side: its runs, the draws both
/// sides ran, and every metric's medians for the tables. The verdict's tests (`GateTest`) pool
/// these draws per strategy; this is what the reader sees per cell.
public struct PairComparison: Sendable {
    public let fixture: String
    public let scenario: String
    /// The platform both sides' runs ran on, when the files hold runs of more than one (runs of
    /// different platforms are never paired); nil otherwise.
    public let platform: String?
    public let baselineStrategy: String
    public let currentStrategy: String
    /// Runs that succeeded / all runs, per side.
    public let baselineRuns: (ok: Int, total: Int)
    public let currentRuns: (ok: Int, total: Int)
    /// The draws both sides ran (empty when a side has no successful run).
    public let draws: [PairedDraw]
    /// Successful runs of a seed only one side ran: not compared.
    public let unpairedRuns: Int
    /// Seeds the baseline ran successfully that the current side did not run at all (sorted);
    /// empty when the two sides share no seed (then the cell is one draw of all its runs).
    public let missingSeeds: [UInt64]
    public let baselineOK: [RunResult]
    public let currentOK: [RunResult]

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

    /// "home · scan · netmonitor-2.0" or "home · scan: a → b" when the strategies differ.
    public var title: String {
        let base = "\(fixture) · \(scenario)" + (platform.map { " · \($0)" } ?? "")
        return baselineStrategy == currentStrategy
            ? "\(base) · \(baselineStrategy)" : "\(base): \(baselineStrategy) → \(currentStrategy)"
    }

    /// Each side's median of `metric` over its successful runs.
    public func medians(_ metric: Metric) -> (baseline: Double?, current: Double?) {
        (
            SampleSummary(baselineOK.compactMap { metric.value(in: $0.metrics) })?.median,
            SampleSummary(currentOK.compactMap { metric.value(in: $0.metrics) })?.median
        )
    }

    init(
        fixture: String,
        scenario: String,
        platform: String? = nil,
        baseline: (String, [RunResult]),
        current: (String, [RunResult]),
        defaultSeeds: (UInt64?, UInt64?)
    ) {
        self.fixture = fixture
        self.scenario = scenario
        self.platform = platform
        baselineStrategy = baseline.0
        currentStrategy = current.0
        baselineOK = baseline.1.filter { $0.status == .ok }
        currentOK = current.1.filter { $0.status == .ok }
        baselineRuns = (baselineOK.count, baseline.1.count)
        currentRuns = (currentOK.count, current.1.count)
        if baselineOK.isEmpty || currentOK.isEmpty {
            draws = []
        } else {
            draws = PairedDraw.pair(
                fixture: fixture,
                scenario: scenario,
                platform: platform,
                baseline: baselineOK,
                current: currentOK,
                defaultSeeds: defaultSeeds
            )
        }
        unpairedRuns =
            baselineOK.count + currentOK.count - draws.reduce(0) { $0 + $1.baseline.count + $1.current.count }
        if draws.contains(where: { $0.seed != nil }) {
            let ran = Set(current.1.compactMap { $0.seed ?? defaultSeeds.1 })
            missingSeeds = Set(baselineOK.compactMap { $0.seed ?? defaultSeeds.0 }).subtracting(ran).sorted()
        } else {
            missingSeeds = []
        }
    }
}
