import Results
import Statistics

extension Report {
    /// The strategies × headline metrics tables (yield and wire; time, UI and cost; the whole session).
    func headlineTables(_ group: RunGroup) -> String {
        var text = "### Headline metrics\n\n"
        text += "Each cell: the median over successful repetitions (**best** marks the best median in the column; "
        text +=
            "tied values share it, and nothing is marked when all are equal), then the range min–max, then the change "
        text += "against the reference strategy \(Inline.code(document.referenceStrategy)) in % and absolute. "
        text +=
            "TCP attempts are SYNs seen on the wire: a connect to an absent host on the LAN sends ARP requests and never a SYN, "
        text +=
            "so the stack's connection objects (the review's \"connections\") are counted separately, below and in the raw runs.\n\n"
        if !group.strategies.contains(document.referenceStrategy) {
            text += "The reference strategy has no runs here, so no changes are shown.\n\n"
        }
        text += "**Yield and wire**\n\n" + headlineTable(group, metrics: Metric.headlineYield)
        text += "\n**Time, UI and cost**\n\n" + headlineTable(group, metrics: Metric.headlineCost)
        text += "\n**The whole session**\n\n"
        text +=
            "What the categories cost: each \"(session)\" column is the scan with the session's tools plus the classify step "
        text +=
            "after them, with the scan's own figure beside it (the step's connects are counted by their SYN attempts; "
        text +=
            "[docs/METRICS.md](\(options.metricsDocLink)#session-cost)). Time to categories runs from the scan's start to the step's end.\n\n"
        text += headlineTable(group, metrics: Metric.headlineSession)
        return text
    }

    private func headlineTable(_ group: RunGroup, metrics: [Metric]) -> String {
        var table = MarkdownTable([("Strategy", .left)] + metrics.map { ($0.header, .right) })
        var best: [String: Double] = [:]
        for metric in metrics {
            let medians = group.strategies.compactMap { group.summary(metric, $0)?.median }
            guard medians.count > 1, Set(medians).count > 1 else { continue }
            best[metric.id] = medians.reduce(medians[0]) { metric.isBetter($1, than: $0) ? $1 : $0 }
        }
        let reference = document.referenceStrategy
        for strategy in group.strategies {
            var cells = [strategyCell(group, strategy)]
            for metric in metrics {
                guard let summary = group.summary(metric, strategy) else {
                    cells.append("not measured")
                    continue
                }
                var lines = [wholeText(group, strategy, metric, summary)]
                if best[metric.id] == summary.median { lines[0] += " **best**" }
                lines.append(spreadText(metric, summary))
                if strategy == reference {
                    lines.append("reference")
                } else if let base = group.summary(metric, reference) {
                    lines.append(deltaText(metric, summary.median, against: base.median))
                }
                cells.append(lines.joined(separator: "<br>"))
            }
            table.add(cells)
        }
        return table.render()
    }

    func strategyCell(_ group: RunGroup, _ strategy: String) -> String {
        let all = group.runs[strategy]?.count ?? 0
        let ok = group.ok(strategy).count
        var cell = Inline.code(strategy)
        if strategy == document.referenceStrategy { cell += " (reference)" }
        if ok < all { cell += "<br>\(ok) of \(all) runs ok" }
        return cell
    }

    /// The median, out of its whole for a count of devices: "29/30".
    private func wholeText(_ group: RunGroup, _ strategy: String, _ metric: Metric, _ summary: SampleSummary) -> String
    {
        guard let whole = SampleSummary(group.ok(strategy).compactMap { metric.total(in: $0.metrics) }) else {
            return metric.format(summary.median)
        }
        return "\(metric.format(summary.median))/\(metric.format(whole.median))"
    }

    /// "310–315", "all 3 equal" or "1 run".
    func spreadText(_ metric: Metric, _ summary: SampleSummary) -> String {
        if summary.count == 1 { return "1 run" }
        if !summary.hasSpread { return "all \(summary.count) equal" }
        return "\(metric.format(summary.min))–\(metric.format(summary.max))"
    }

    /// "−74 % (−892)"; "±0" when equal; absolute only when the reference is zero.
    func deltaText(_ metric: Metric, _ value: Double, against base: Double) -> String {
        let absolute = NumberFormat.signed(value - base, digits: metric.digits)
        if absolute == "±0" { return "±0" }
        guard base != 0 else { return absolute }
        return "\(NumberFormat.percent((value - base) / abs(base) * 100)) (\(absolute))"
    }
}
