import Results

extension Comparison {
    /// The comparison as GitHub-flavoured Markdown: a verdict line with a stable keyword, the
    /// regressions, one table per pair, and the rules in a folded block.
    /// - Parameters:
    ///   - baselineName: how to name the baseline file (its path).
    ///   - currentName: how to name the current file.
    public func markdown(baselineName: String = "baseline", currentName: String = "current") -> String {
        var text = "# ScanBench comparison\n\n"
        text += verdictLine() + "\n\n"
        text += "Baseline: `\(baselineName)` (scanbench \(baseline.environment.scanbenchVersion), \(baseline.runs.count) runs). "
        text += "Current: `\(currentName)` (scanbench \(current.environment.scanbenchVersion), \(current.runs.count) runs). "
        text += pairingNote + "\n"
        if !environmentWarnings.isEmpty {
            text += "\n> [!WARNING]\n" + environmentWarnings.map { "> - \($0)" }.joined(separator: "\n") + "\n"
        }
        let regressions = pairs.flatMap { pair in pair.regressions.map { (pair, $0) } }
        let failures = pairs.filter(\.moreRunsFailed)
        if !regressions.isEmpty || !failures.isEmpty {
            text += "\n## Regressions\n\n"
            for (pair, item) in regressions {
                text += "- \(pair.title): **\(item.metric.title)** \(valueText(item.metric, item.baselineMedian)) → \(valueText(item.metric, item.currentMedian)): \(changeText(item)); allowed: \(ruleText(item))\n"
            }
            for pair in failures {
                text += "- \(pair.title): **runs failed** — \(pair.currentRuns.ok) of \(pair.currentRuns.total) ok now, \(pair.baselineRuns.ok) of \(pair.baselineRuns.total) before\n"
            }
        }
        for pair in pairs { text += "\n" + pairTable(pair) }
        text += "\n" + rulesBlock()
        return text
    }

    /// "**REGRESSED** ❌ — 3 metrics worse in 1 of 1 pairs (…)".
    func verdictLine() -> String {
        let regressed = pairs.reduce(0) { $0 + $1.regressions.count }
        let improved = pairs.reduce(0) { $0 + $1.improvements.count }
        switch verdict {
        case .regression:
            let failing = pairs.filter { !$0.regressions.isEmpty || $0.moreRunsFailed }.count
            return "**REGRESSED** ❌ — \(regressed) \(regressed == 1 ? "metric" : "metrics") worse beyond the thresholds in \(failing) of \(pairs.count) \(pairs.count == 1 ? "pair" : "pairs")."
        case .improved:
            return "**IMPROVED** ✅ — no regression; \(improved) \(improved == 1 ? "metric" : "metrics") better beyond the thresholds."
        case .noRegression:
            return "**PASS** ✅ — no regression: every gated metric is within its threshold."
        case .insufficientData:
            return "**INCONCLUSIVE** ⚠️ — no pair has a successful run on both sides, so nothing could be judged."
        }
    }

    private func pairTable(_ pair: PairComparison) -> String {
        var text = "## \(pair.title)\n\n"
        text += "Runs ok: baseline \(pair.baselineRuns.ok)/\(pair.baselineRuns.total), current \(pair.currentRuns.ok)/\(pair.currentRuns.total).\n\n"
        var table = MarkdownTable([("Metric", .left), ("Kind", .left), ("Baseline (median)", .right), ("Current (median)", .right),
                                   ("Change", .right), ("Gate", .left), ("p", .right), ("Cliff's δ", .right), ("Verdict", .left)])
        for item in pair.metrics {
            table.add(["\(item.metric.header) `\(item.metric.id)`", item.metric.kind.rawValue, valueText(item.metric, item.baselineMedian),
                       valueText(item.metric, item.currentMedian), changeText(item), ruleText(item),
                       item.p.map { NumberFormat.decimal($0, digits: 3) } ?? "—",
                       item.cliffsDelta.map { NumberFormat.decimal($0, digits: 2) } ?? "—", outcomeText(item.outcome)])
        }
        return text + table.render()
    }

    private func valueText(_ metric: Metric, _ value: Double?) -> String {
        value.map(metric.format) ?? "not measured"
    }

    private func changeText(_ item: MetricComparison) -> String {
        guard let change = item.change else { return "—" }
        let absolute = NumberFormat.signed(change, digits: item.metric.digits)
        guard let relative = item.relativeChange, absolute != "±0" else { return absolute }
        return "\(NumberFormat.percent(relative)) (\(absolute))"
    }

    private func ruleText(_ item: MetricComparison) -> String {
        let threshold = item.threshold
        guard threshold.gate else { return "off" }
        let allowance = threshold.summary
        guard item.judgedAsTiming else { return "worse by at most \(allowance)" }
        return "p < \(NumberFormat.decimal(thresholds.alpha, digits: 2)), |δ| ≥ \(NumberFormat.decimal(thresholds.minEffectSize, digits: 3)), change ≥ \(allowance)"
    }

    private func outcomeText(_ outcome: MetricComparison.Outcome) -> String {
        switch outcome {
        case .unchanged: "unchanged"
        case .improved: "**improved**"
        case .regressed: "**REGRESSED**"
        case .notSignificant: "changed, not significant"
        case .insufficientData(let reason): "not judged: \(reason)"
        case .notGated: "not gated"
        }
    }

    private func rulesBlock() -> String {
        var text = "<details><summary>Rules and statistics used</summary>\n\n"
        if seeded {
            text += "- Counters: both sides ran with seed \(baseline.environment.seed.map(String.init) ?? "?"), so a counter the thresholds file does not name is exact where it repeated (with at least two runs a side): "
            text += "if every repetition on each side agreed, the current median may not be worse at all; a counter that moved between repetitions on either side depends on timing too, "
            text += "and may be worse by its allowance or by the baseline's spread (max − min), whichever is more. "
            let timed = Metric.all.filter(\.movesWithTiming).map(\.title).joined(separator: ", ")
            text += "Counters that timing moves by definition (\(timed)) are never exact: their runs can agree by chance.\n"
        } else {
            text += "- Counters: the current median may be worse than the baseline median by at most the allowance (relative to the baseline median, or absolute; either suffices). "
            text += "Exact gates need both sides run with one `--seed`.\n"
        }
        text += "- Counters of a pair whose baseline runs were cut at a phase deadline (`phases_cut_at_deadline`) depend on where the cut fell, and can be bimodal: "
        text += "they are judged like timings below (with fewer runs than the test needs, not at all), unless the thresholds file names them.\n"
        text += "- When only the current side's runs were cut at a phase deadline, its counters keep their gate, but a counter that is better is not counted as an improvement: a cut phase does less.\n"
        text += "- Timings: flagged only when a two-sided Mann–Whitney U test gives p < α (exact without ties for up to \(MannWhitneyU.exactLimit) runs, else the normal approximation with tie correction), "
        text += "|Cliff's δ| ≥ the minimum effect size, and the median moved by at least the allowance, all in the same direction.\n"
        text += "- α = \(NumberFormat.decimal(thresholds.alpha, digits: 3)), minimum |δ| = \(NumberFormat.decimal(thresholds.minEffectSize, digits: 3)). "
        text += "With n runs per side the smallest possible p is 2 / C(2n, n): 3 vs 3 cannot be significant at 0.05; 4 vs 4 can.\n"
        text += "- Exit status: 0 pass or improved, 1 regression, 2 usage or input error or nothing comparable. Details: docs/REPORTS.md.\n\n</details>\n"
        return text
    }
}
