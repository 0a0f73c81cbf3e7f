import Results
import Statistics

extension Report {
    /// The headline metrics, then the Pareto objectives that are not among them: the suite
    /// summary's rows.
    var suiteSummaryMetrics: [Metric] {
        Metric.headline + paretoObjectives.filter { objective in !Metric.headline.contains { $0.id == objective.id } }
    }

    /// Per suite, per strategy and metric: the median across fixtures and the worst fixture. Empty
    /// when no scenario ran on two fixtures or more.
    func suiteSummarySection() -> String {
        guard !suites.isEmpty else { return "" }
        var text = "## Suite summary\n\n"
        text +=
            "Per suite (the fixtures that ran one scenario) and strategy: the **median** across fixtures of the strategy's "
        text +=
            "median on each, then the **worst** fixture's median — the lowest where higher is better (↑), the highest where "
        text +=
            "lower is better (↓) — and the fixtures where it happened. Failed runs never enter a number; the first row counts "
        text +=
            "them. Counts (devices, attempts, packets, connections) grow with the LAN, so the worst of a count tends to name the "
        text += "largest fixture (for devices found, the smallest); recall is the yield that does not depend on size.\n"
        for suite in suites {
            text +=
                "\n### Suite · scenario \(Inline.code(suite.scenario))\(suite.platform.map { " · platform \(Inline.code($0))" } ?? ""): \(suite.fixtures.map(Inline.code).joined(separator: ", "))\n\n"
            text += suiteTable(suite)
        }
        return text
    }

    private func suiteTable(_ suite: SuiteMedians) -> String {
        var table = MarkdownTable([("Metric", .left)] + suite.strategies.map { (Inline.code($0), .right) })
        table.add(
            ["Runs ok"]
                + suite.strategies.map { strategy in
                    let all = suite.groups.reduce(0) { $0 + ($1.runs[strategy]?.count ?? 0) }
                    let ok = suite.groups.reduce(0) { $0 + $1.ok(strategy).count }
                    return "\(ok)/\(all)" + (suite.failure(strategy).map { "<br>\($0)" } ?? "")
                }
        )
        for metric in suiteSummaryMetrics {
            table.add([metric.headerWithDirection] + suite.strategies.map { suiteCell(suite, metric, $0) })
        }
        return table.render()
    }

    /// "0.97<br>worst 0.89 · `gen-3`", "1.00<br>same on every fixture", with "6 of 7 fixtures" when
    /// some fixture has no number. The worst and "same" are judged on the values as printed.
    private func suiteCell(_ suite: SuiteMedians, _ metric: Metric, _ strategy: String) -> String {
        let values = suite.fixtureMedians(metric, strategy)
        guard let median = SampleSummary(values.map(\.value))?.median else { return "not measured" }
        let printed = values.map { (fixture: $0.fixture, value: metric.printed($0.value)) }
        let worst = printed.map(\.value).reduce(printed[0].value) { metric.isBetter($0, than: $1) ? $1 : $0 }
        let places = printed.filter { $0.value == worst }.map { Inline.code($0.fixture) }
        var lines = [metric.format(median)]
        if values.count > 1, places.count == values.count {
            lines.append("same on every fixture")
        } else {
            let shown =
                places.prefix(3).joined(separator: ", ") + (places.count > 3 ? " +\(places.count - 3) more" : "")
            lines.append("worst \(metric.format(worst)) · \(shown)")
        }
        if values.count < suite.groups.count { lines.append("\(values.count) of \(suite.groups.count) fixtures") }
        return lines.joined(separator: "<br>")
    }
}
