import Results
import Statistics

/// The runs of one fixture and scenario (and platform, in a file of several), by strategy: the
/// unit every table compares within.
struct RunGroup: Sendable, StrategyMedians {
    let fixture: String
    let scenario: String
    /// The platform profile the runs ran on, in a file joined across platforms
    /// (`RunResult.platform`); nil when every run ran on the document's one platform.
    var platform: String? = nil
    /// Strategies in report order: the presets in their documented order, then others as they
    /// first appear in the schedule.
    let strategies: [String]
    /// Every run of each strategy (also failed ones), by repetition.
    let runs: [String: [RunResult]]

    /// The presets, in the order docs/STRATEGIES.md lists them.
    static let presetOrder = [
        "review-baseline", "review-phase1", "review-phase2", "review-phase3",
        "netmonitor-1.0", "netmonitor-2.0", "scanbench-best",
        "homenet", "netdiag-plus",
    ]

    /// A heading-friendly name: "home · scan" ("home · scan · iphone-a16" in a file of several platforms).
    var title: String { "\(fixture) · \(scenario)" + (platform.map { " · \($0)" } ?? "") }

    /// A file-name-friendly name: "home-scan" ("home-scan-iphone-a16").
    var slug: String { Inline.slug("\(fixture)-\(scenario)" + (platform.map { "-\($0)" } ?? "")) }

    /// The Markdown heading's words: "`home` · scenario `scan`", then " · platform `iphone-a16`"
    /// in a file of several platforms.
    var heading: String {
        "\(Inline.code(fixture)) · scenario \(Inline.code(scenario))"
            + (platform.map { " · platform \(Inline.code($0))" } ?? "")
    }

    /// Successful runs of `strategy`.
    func ok(_ strategy: String) -> [RunResult] {
        (runs[strategy] ?? []).filter { $0.status == .ok }
    }

    /// `metric` over the successful runs of `strategy`.
    func summary(_ metric: Metric, _ strategy: String) -> SampleSummary? {
        SampleSummary(ok(strategy).compactMap { metric.value(in: $0.metrics) })
    }

    /// The median of `metric` over the successful runs of `strategy`.
    func median(_ metric: Metric, _ strategy: String) -> Double? { summary(metric, strategy)?.median }

    /// min…max of `metric` over two or more successful runs of `strategy`, timings as printed.
    func spread(_ metric: Metric, _ strategy: String) -> ClosedRange<Double>? {
        guard let summary = summary(metric, strategy), summary.count >= 2, !summary.min.isNaN, !summary.max.isNaN else {
            return nil
        }
        let printed = { (value: Double) in metric.kind == .timing ? metric.printed(value) : value }
        return printed(summary.min)...printed(summary.max)
    }

    func unreached(_ metric: Metric, _ strategy: String) -> String? {
        let values = ok(strategy).compactMap { metric.value(in: $0.metrics) }
        let never = values.filter { $0 == .infinity }.count
        return never == 0 ? nil : "\(never) of \(values.count) \(values.count == 1 ? "run" : "runs")"
    }

    /// The median number of discoverable devices over the successful runs of `strategy` (0 without one).
    func discoverable(_ strategy: String) -> Double {
        SampleSummary(ok(strategy).map { Double($0.metrics.yield.discoverable) })?.median ?? 0
    }

    /// "1 of 3 runs timed out" (or failed), nil when every run of `strategy` here succeeded.
    func failure(_ strategy: String) -> String? {
        let all = runs[strategy] ?? []
        guard !all.isEmpty else { return "no runs" }
        let parts = [(RunResult.Status.failed, "failed"), (.timedOut, "timed out")].compactMap {
            status,
            words -> String? in
            let count = all.filter { $0.status == status }.count
            return count == 0 ? nil : "\(count) of \(all.count) \(all.count == 1 ? "run" : "runs") \(words)"
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `names` in report order: the presets in their documented order, then the others as given.
    static func reportOrder(_ names: [String]) -> [String] {
        presetOrder.filter(names.contains) + names.filter { !presetOrder.contains($0) }
    }

    /// The run whose scan duration is the median (the lower one of an even count): the run the
    /// time-series charts draw, so a chart shows a typical run rather than a lucky first one.
    func representative(_ strategy: String) -> RunResult? {
        let sorted = ok(strategy).sorted {
            ($0.metrics.durationS, $0.repetition) < ($1.metrics.durationS, $1.repetition)
        }
        return sorted.isEmpty ? nil : sorted[(sorted.count - 1) / 2]
    }

    /// Splits `runs` by fixture, scenario and platform, in order of first appearance in the schedule.
    static func groups(of runs: [RunResult]) -> [RunGroup] {
        let scheduled = runs.sorted { ($0.sequence, $0.repetition) < ($1.sequence, $1.repetition) }
        var keys: [[String]] = []
        var byKey: [[String]: [RunResult]] = [:]
        for run in scheduled {
            let key = [run.fixture, run.scenario, run.platform ?? ""]
            if byKey[key] == nil { keys.append(key) }
            byKey[key, default: []].append(run)
        }
        return keys.map { key in
            let members = byKey[key] ?? []
            var seen: [String] = []
            for run in members where !seen.contains(run.strategy) { seen.append(run.strategy) }
            let ordered = reportOrder(seen)
            var byStrategy: [String: [RunResult]] = [:]
            for run in members { byStrategy[run.strategy, default: []].append(run) }
            for (strategy, list) in byStrategy { byStrategy[strategy] = list.sorted { $0.repetition < $1.repetition } }
            return RunGroup(
                fixture: key[0],
                scenario: key[1],
                platform: key[2].isEmpty ? nil : key[2],
                strategies: ordered,
                runs: byStrategy
            )
        }
    }
}
