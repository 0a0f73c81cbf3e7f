import Results

extension Report {
    /// `scanbench tune`'s section: how the search went, the strategies measured on every fixture
    /// with their standing, and the candidates stopped at a lower rung. Empty without a tune.
    func tuneSection() -> String {
        guard let analysis = TuneAnalysis(document: document), let tune = document.tune else { return "" }
        let metrics = tune.metrics
        let stopped = analysis.rows.filter { $0.standing == "stopped" }
        let drawn = analysis.rows.filter { $0.origin.hasPrefix("bracket") }
        var text =
            "## Tune: \(drawn.count) candidates around \(Inline.code(analysis.base)), held against \(Inline.code(analysis.reference))\n\n"
        text += "Search over \(tune.space.count) knobs (docs/STRATEGIES.md, \"Search\"), seed \(tune.seed), "
        text +=
            "\(Int((analysis.spentS / 60).rounded())) of \(NumberFormat.decimal(analysis.budgetMinutes, digits: 0)) minutes spent"
        text += analysis.finished ? ". " : " (not finished: run the same command again to resume). "
        text +=
            "Candidates are Latin-hypercube draws that change about \(NumberFormat.decimal(tune.changes, digits: 0)) knobs of the base each; "
        text +=
            "Hyperband brackets run them on the first fixtures of \(tune.fixtures.map(Inline.code).joined(separator: ", ")) and promote "
        text +=
            "the best 1/\(tune.eta) (by Pareto layer, then crowding distance) to more fixtures. Each number is the mean over the "
        text += "fixtures a candidate ran on, one run each, seed \(tune.seed); timings as printed. Objectives: "
        text += metrics.map { "\($0.title) \($0.direction.arrow)" }.joined(separator: ", ") + ".\n\n"
        if analysis.notDominatedByReference.isEmpty {
            text +=
                "**No candidate measured on every fixture escapes \(Inline.code(analysis.reference))**: it dominates each of them"
            text += analysis.front.contains(analysis.reference) ? " and is on the front.\n\n" : ".\n\n"
        } else {
            text +=
                "**Not dominated by \(Inline.code(analysis.reference)):** \(analysis.notDominatedByReference.map(Inline.code).joined(separator: ", "))"
            text +=
                analysis.dominateReference.isEmpty
                ? ".\n\n"
                : "; **dominating it:** \(analysis.dominateReference.map(Inline.code).joined(separator: ", ")).\n\n"
        }
        var table = MarkdownTable(
            [("Strategy", .left), ("Origin", .left)] + metrics.map { ("\($0.title) \($0.direction.arrow)", .right) }
                + [("Standing", .left), ("Changes from the base", .left)]
        )
        for row in analysis.rows where row.standing != "stopped" {
            let standing =
                switch row.standing {
                case "front": "**front**"
                case "dominated": "dominated by " + row.dominatedBy.map(Inline.code).joined(separator: ", ")
                default: "failed"
                }
            table.add([Inline.code(row.name), row.origin] + cells(row, metrics) + [standing, changes(row)])
        }
        text +=
            "### Measured on \(tune.fixtures.count == 1 ? "the fixture" : "all \(tune.fixtures.count) fixtures")\n\n"
            + table.render()
        if !analysis.front.isEmpty {
            text += "\nEach front member is written as a strategy file in `front/` beside this report.\n"
        }
        if !stopped.isEmpty {
            var partial = MarkdownTable(
                [("Strategy", .left), ("Origin", .left), ("Fixtures", .right)]
                    + metrics.map { ("\($0.title) \($0.direction.arrow)", .right) } + [("Changes from the base", .left)]
            )
            for row in stopped {
                partial.add(
                    [Inline.code(row.name), row.origin, String(row.fixtures)] + cells(row, metrics) + [changes(row)]
                )
            }
            text +=
                "\n### Stopped at a lower rung\n\nMeans over the first fixtures only, so not comparable with the table above.\n\n"
            text += partial.render()
        }
        return text
    }

    private func cells(_ row: TuneAnalysis.Row, _ metrics: [Metric]) -> [String] {
        metrics.map { metric in row.values?[metric.id].map(metric.format) ?? "—" }
    }

    private func changes(_ row: TuneAnalysis.Row) -> String {
        row.overrides.isEmpty
            ? "—" : row.overrides.keys.sorted().map { "\($0)=\(row.overrides[$0]!)" }.joined(separator: ", ")
    }
}
