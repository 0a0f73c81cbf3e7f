import Results

extension Report {
    /// The Pareto objectives some metric declares, in column order.
    static var paretoObjectives: [Metric] { Metric.paretoObjectiveIDs.compactMap(Metric.named) }

    /// The objectives for these results: `paretoObjectives`, or in a file without the session's cost
    /// the scan's figures in its place (`Metric.scanStandIn`).
    var paretoObjectives: [Metric] { Self.paretoObjectives.compactMap(cost) }

    /// `metric`, or what stands in for it in a file without the session's cost (nil: nothing).
    func cost(_ metric: Metric) -> Metric? {
        guard !measuresSession, let standIn = Metric.scanStandIn[metric.id] else { return metric }
        return standIn
    }

    /// The front of `set` over `objectives` (default: all of them), on its numbers; a strategy with a
    /// failure there is a failed candidate, dominated by every strategy without one. Timings are
    /// compared as the table prints them: a difference of milliseconds the table does not show is
    /// machine noise, and does not decide; counters are compared exactly.
    func paretoFront(_ set: some StrategyMedians, objectives: [Metric]? = nil) -> ParetoFront {
        let objectives = objectives ?? paretoObjectives
        let candidates = set.strategies.map { strategy -> ParetoFront.Candidate in
            guard set.failure(strategy) == nil else { return ParetoFront.Candidate(strategy, nil) }
            let values = objectives.compactMap { metric in
                set.median(metric, strategy).map { (metric.id, metric.kind == .timing ? metric.printed($0) : $0) }
            }
            let spreads = objectives.compactMap { metric in set.spread(metric, strategy).map { (metric.id, $0) } }
            return ParetoFront.Candidate(
                strategy,
                Dictionary(uniqueKeysWithValues: values),
                spreads: Dictionary(uniqueKeysWithValues: spreads)
            )
        }
        let compared = objectives.map { ParetoFront.Objective($0, tolerance: Metric.paretoTolerance[$0.id] ?? 0) }
        return ParetoFront(objectives: compared, candidates: candidates)
    }

    /// What the front is, its objectives, ties and chart: the definitions every front table and the
    /// decision table read (in report-methodology.md).
    func paretoDefinitionSection() -> String {
        let objectives = paretoObjectives
        var text = "## Pareto front\n\n"
        text +=
            "A strategy is on the **front** when no other strategy is at least as good on every objective and better on one; "
        text +=
            "otherwise it is **dominated**, and its row names every strategy that dominates it. Objectives (↑ higher is better, "
        text += "↓ lower): " + objectives.map { "\($0.title) \($0.direction.arrow)" }.joined(separator: ", ") + ". "
        text +=
            "Per fixture they are the medians over successful repetitions, as in the headline tables; timings are compared "
        text +=
            "as printed (a difference the table does not show is machine noise and decides nothing); packets move with timing "
        text +=
            "too (device announcements, kernel timers), so two medians within \(Self.toleranceText(.packets)) of each other count "
        text +=
            "as equal; other counters are compared exactly. Cost is the **whole session's** — the scan, the session's tools and "
        text +=
            "the classify step whose categories are an objective here — and counts three ways: TCP attempts (SYNs), every packet "
        text +=
            "on the link, connections; so no strategy wins by moving its cost from SYNs to ARP, or out of the scan into the step "
        text += "after it. Time counts to the devices (90 %, 100 %) and to the categories. Time to 100 % is when a "
        text +=
            "run found its last discoverable device, so only runs that found every one have it: a run that missed one counts "
        text +=
            "as the slowest possible (+∞), and a strategy whose median run missed one is `\(Metric.notReached)`, worse than any time. "
        text +=
            "Strategies equal on every objective tie: neither dominates the other. Where a strategy ran more than once, an "
        text +=
            "objective on which two strategies' ranges over their repetitions (min–max) overlap is a **tie** between them: which "
        text +=
            "is better there is within their run-to-run spread, so it ranks neither; with one run each the medians are compared "
        text += "as they are, and a difference may be noise. An objective some strategy has no number for "
        text +=
            "is left out of that comparison for all of them, and named under the table. A strategy with a failed or timed-out "
        text += "run counts as failed there (the worst case): dominated by every strategy without one. "
        text +=
            "Each chart plots recall against \(chartConnections), a numbered point per strategy: the dashed step line is the "
        text +=
            "front on those **two objectives alone**, filled points are on the **full front** of the table above it, rings are "
        text += "dominated, and failed strategies are not drawn.\n"
        if !measuresSession {
            text +=
                "\n**These results predate the session's cost** (`metrics.session`, issue 46): the objectives below count the scan's "
            text +=
                "TCP attempts, packets and connections, **without the classify step** after it (its figures, where recorded, are in "
            text +=
                "\"Host names and categories\"), and time to categories is not an objective. Re-run the plan to weigh whole sessions.\n"
        }
        let undeclared = Metric.paretoObjectiveIDs.filter { Metric.named($0) == nil }
        if !undeclared.isEmpty {
            text +=
                "\nNot an objective yet: \(undeclared.map(Inline.code).joined(separator: ", ")) — no metric of this scanbench "
            text +=
                "declares it (categories correct is not measured yet; [docs/METRICS.md](\(options.metricsDocLink))).\n"
        }
        return text
    }

    /// A group's front: who is on it, who is dominated and by whom, and the scatter chart.
    func groupParetoSection(_ group: RunGroup) -> String {
        var text = "## Front on \(group.heading)\n\n"
        text += "Definitions, objectives and ties: [Pareto front](\(Self.methodologyDetailName)#pareto-front).\n\n"
        return text + paretoTable(group) + "\n" + paretoChartLink(group)
    }

    /// Per suite: its front over the fixtures, and the scatter chart.
    func suiteParetoSection() -> String {
        var text = ""
        for suite in suites {
            text +=
                "\n## Front over the suite · scenario \(Inline.code(suite.scenario))\(suite.platform.map { " · platform \(Inline.code($0))" } ?? "") (\(suite.groups.count) fixtures)\n\n"
            text +=
                "Each number is the median across the fixtures \(suite.fixtures.map(Inline.code).joined(separator: ", ")) of the "
            text +=
                "strategy's median on each (every fixture counts once; with an even count, the mean of the middle two). "
            text += "A strategy that failed or did not run on any of them counts as failed over the suite.\n\n"
            text += paretoTable(suite) + "\n" + paretoChartLink(suite)
        }
        return text.isEmpty
            ? ""
            : "Definitions, objectives and ties: [Pareto front](\(Self.methodologyDetailName)#pareto-front).\n" + text
    }

    /// "5 %": how close two medians of `metric` count as equal on the front.
    static func toleranceText(_ metric: Metric) -> String {
        NumberFormat.decimal((Metric.paretoTolerance[metric.id] ?? 0) * 100, digits: 0) + " %"
    }

    /// The numbers and standing of every strategy of `set`, then the objectives left out.
    func paretoTable(_ set: some StrategyMedians) -> String {
        let objectives = paretoObjectives
        let front = paretoFront(set)
        var table = MarkdownTable(
            [("Strategy", .left)] + objectives.map { ($0.headerWithDirection, .right) } + [("Pareto", .left)]
        )
        for (strategy, standing) in zip(set.strategies, front.standings) {
            var cells = [Inline.code(strategy)]
            for metric in objectives {
                cells.append(
                    set.median(metric, strategy).map(metric.format)
                        ?? (set.failure(strategy) != nil ? "—" : "not measured")
                )
            }
            cells.append(standingText(front, strategy, standing, failure: set.failure(strategy)))
            table.add(cells)
        }
        var text = table.render()
        let never = set.strategies.compactMap { strategy in
            set.unreached(.timeTo100, strategy).map { "\(Inline.code(strategy)) (\($0))" }
        }
        if objectives.contains(where: { $0.id == Metric.timeTo100.id }), !never.isEmpty {
            text +=
                "\nTime to 100 % not reached — a discoverable device missed — by \(never.joined(separator: ", ")).\n"
        }
        for exclusion in front.excluded {
            let title = Metric.named(exclusion.objective.id)?.title ?? exclusion.objective.id
            text +=
                "\nLeft out of this comparison: \(title), not measured for \(exclusion.missingFor.map(Inline.code).joined(separator: ", ")).\n"
        }
        return text
    }

    /// "**front**", "**front**, equal to `x` on every objective", "dominated by `a`, `b`",
    /// "**failed** (1 of 3 runs timed out): counted as dominated by `a`, `b`".
    private func standingText(
        _ front: ParetoFront,
        _ strategy: String,
        _ standing: ParetoFront.Standing,
        failure: String?
    ) -> String {
        let names = { (list: [String]) in list.map(Inline.code).joined(separator: ", ") }
        switch standing {
        case .front:
            let ties = front.ties(of: strategy)
            return "**front**"
                + (ties.isEmpty
                    ? "" : ", tied with \(names(ties)) on every objective (equal, or within their runs' spread)")
        case .dominated(let dominators):
            return "dominated by \(names(dominators))"
        case .failed(let dominators):
            let by =
                dominators.isEmpty
                ? "no strategy here ran without a failure" : "counted as dominated by \(names(dominators))"
            return "**failed** (\(failure ?? "no successful run")): \(by)"
        }
    }

    /// The chart's file name: "home-scan-pareto.svg", "suite-medians-scan-pareto.svg".
    func paretoChartName(_ set: some StrategyMedians) -> String { "\(set.slug)-pareto.svg" }

    /// The chart's x axis in words: "the session's connections", or "connections created" in a
    /// file without the session's cost, where the scan's stand in.
    private var chartConnections: String { measuresSession ? "the session's connections" : "connections created" }

    func paretoChartLink(_ set: some StrategyMedians) -> String {
        "![Recall against \(chartConnections) on \(set.title), one point per strategy, "
            + "with the Pareto front of those two objectives as a step line](\(paretoChartName(set)))\n"
    }

    /// The scatter charts: one per group, then one per suite.
    func paretoChartFiles() -> [ReportFile] {
        groups.map(paretoChart) + suites.map(paretoChart)
    }

    private func paretoChart(_ set: some StrategyMedians) -> ReportFile {
        let full = paretoFront(set)
        let connections = cost(.sessionConnections) ?? .connectionsCreated
        let planar = paretoFront(set, objectives: [.recall, connections])
        let points = zip(set.strategies, full.standings).map { strategy, standing in
            let failed = set.failure(strategy) != nil
            var position: (x: Double, y: Double)?
            if !failed, let x = set.median(connections, strategy), let y = set.median(.recall, strategy) {
                position = (x, y)
            }
            return ScatterChart.Point(
                name: strategy,
                position: position,
                colour: Palette.style(for: strategy, among: set.strategies).colour,
                filled: standing == .front,
                note: failed ? "failed: not drawn" : standing == .front ? "front" : "dominated"
            )
        }
        let xLabel =
            measuresSession ? "connections (session: scan, tools, classify step)" : "connections created (stack)"
        let chart = ScatterChart(
            title: "Recall against \(chartConnections) — \(set.title)",
            xLabel: xLabel,
            yLabel: "recall",
            yLimits: 0...1,
            points: points,
            front: planar.front,
            frontLabel: "front on these two axes",
            footnote: "filled: on the front of every objective; ring: dominated"
        )
        var description = "Recall against \(chartConnections) per strategy on \(set.title). "
        description += "Front on these two objectives (step line): \(planar.front.joined(separator: ", ")). "
        description += "Front on every objective (filled points): \(full.front.joined(separator: ", "))."
        return ReportFile(name: paretoChartName(set), contents: chart.render(description: description))
    }
}
