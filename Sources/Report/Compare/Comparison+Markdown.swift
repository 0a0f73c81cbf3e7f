import Results
import Gate

extension Comparison {
    /// The comparison as GitHub-flavoured Markdown: a verdict line with a stable keyword, the flags
    /// with the draws behind them, the tests, one table per cell, and the rules in a folded block.
    /// - Parameters:
    ///   - baselineName: how to name the baseline file (its path).
    ///   - currentName: how to name the current file.
    public func markdown(baselineName: String = "baseline", currentName: String = "current") -> String {
        var text = "# ScanBench comparison\n\n"
        text += verdictLine() + "\n\n"
        text +=
            "Baseline: `\(baselineName)` (scanbench \(baseline.environment.scanbenchVersion), \(baseline.runs.count) runs). "
        text +=
            "Current: `\(currentName)` (scanbench \(current.environment.scanbenchVersion), \(current.runs.count) runs). "
        text += pairingNote + "\n"
        if !changedStrategyFiles.isEmpty {
            text +=
                "\nStrategy files that differ between the two sides — the change this verdict judges: \(changedStrategyFiles.joined(separator: "; ")).\n"
        }
        let gaps = self.gaps
        if !gaps.isEmpty {
            text += "\n## Not judged\n\n"
            text +=
                "What the baseline had that the current side lacks, or why the numbers do not compare; each keeps the verdict from PASS or IMPROVED.\n\n"
            text += gaps.map { "- \($0.text)\n" }.joined()
        }
        if !environmentWarnings.isEmpty {
            text += "\n> [!WARNING]\n" + environmentWarnings.map { "> - \($0)" }.joined(separator: "\n") + "\n"
        }
        let failures = failedCells
        if !regressions.isEmpty || !failures.isEmpty {
            text += "\n## Regressions\n\n"
            text += regressions.map(flagText).joined()
            for pair in failures {
                text +=
                    "- \(pair.title): **runs failed** — \(pair.currentRuns.ok) of \(pair.currentRuns.total) ok now, \(pair.baselineRuns.ok) of \(pair.baselineRuns.total) before\n"
            }
        }
        if !improvements.isEmpty {
            text += "\n## Improvements\n\n" + improvements.map(flagText).joined()
        }
        if let confirmation {
            text += "\n" + confirmationText(confirmation)
        }
        text += "\n" + testsTable()
        for pair in pairs { text += "\n" + pairTable(pair) }
        text += "\n" + rulesBlock()
        return text
    }

    /// "**REGRESSED** ❌ — …", with the numbers behind it.
    func verdictLine() -> String {
        let tested = tests.filter(\.isTested).count
        switch verdict {
        case .regression:
            let failing = failedCells.count
            var parts: [String] = []
            if !regressions.isEmpty {
                parts.append(
                    "\(regressions.count) of \(tested) tests found a metric worse on more draws than chance allows"
                )
            }
            if failing > 0 { parts.append("\(failing) \(failing == 1 ? "cell" : "cells") lost more runs") }
            if !gaps.isEmpty { parts.append("and \(gapSummary()) (below)") }
            return "**REGRESSED** ❌ — " + parts.joined(separator: "; ") + "."
        case .improved:
            return
                "**IMPROVED** ✅ — no regression; \(improvements.count) of \(tested) tests found a metric better on more draws than chance allows."
        case .noRegression:
            return
                "**PASS** ✅ — no regression: \(tests.filter { $0.outcome == .unchanged }.count) of \(tested) tests had the draws to see a change, and none did."
        case .insufficientData:
            let differ = gaps.filter(\.voidsComparison)
            if !differ.isEmpty {
                return "**INCONCLUSIVE** ⚠️ — the LANs differ, numbers are not comparable: "
                    + differ.map(\.text).joined(separator: "; ") + "."
            }
            guard pairs.contains(where: \.isComparable) else {
                return "**INCONCLUSIVE** ⚠️ — no cell has a successful run on both sides, so nothing could be judged."
            }
            if !gaps.isEmpty {
                return
                    "**INCONCLUSIVE** ⚠️ — no test found a metric worse, but not everything the baseline had was judged: \(gapSummary()) (listed under Not judged)."
            }
            let most = tests.map(\.judged).max() ?? 0
            return
                "**INCONCLUSIVE** ⚠️ — no test had enough draws: at most \(most) per strategy, and a flag at this verdict's level needs \(drawsNeeded) (more repetitions, or more fixtures)."
        }
    }

    /// "9 baseline cells missing from the current file; 1 metric no longer measured".
    func gapSummary() -> String {
        var counts: [(String, Int)] = []
        func add(_ kind: String, _ one: String, _ many: String) {
            let n = gaps.filter { $0.kind == kind }.count
            if n > 0 { counts.append((n == 1 ? one : many, n)) }
        }
        add(
            "missing_cell",
            "baseline cell missing from the current file",
            "baseline cells missing from the current file"
        )
        add(
            "missing_draws",
            "cell with baseline draws the current side did not run",
            "cells with baseline draws the current side did not run"
        )
        add(
            "unmeasured",
            "gated metric the current side no longer measured",
            "gated metrics the current side no longer measured"
        )
        add("unsettled", "flag the rerun could not settle", "flags the rerun could not settle")
        add("fixture_differs", "fixture that differs", "fixtures that differ")
        add("platform_differs", "platform profile that differs", "platform profiles that differ")
        return counts.map { "\($0.1) \($0.0)" }.joined(separator: "; ")
    }

    /// "- `netmonitor-2.0`: **Packets** worse beyond 5 % on 5 of 5 draws (p 3.1e-7 ≤ 3.1e-4): tiny · scan · seed 1 1,563 → 1,880; …".
    private func flagText(_ test: GateTest) -> String {
        let direction: PairedDraw.Judgement = test.outcome == .regressed ? .worse : .better
        let count = direction == .worse ? test.worse : test.better
        let p = direction == .worse ? test.pWorse : test.pBetter
        let level = test.levels.map { direction == .worse ? $0.worse : $0.better } ?? thresholds.alpha
        let shown = test.draws.filter { $0.judgement == direction }.prefix(6).map { item in
            let values = item.draw.values(test.metric)
            return
                "\(item.draw.title) \(valueText(test.metric, values?.baseline)) → \(valueText(test.metric, values?.current))"
        }
        return
            "- \(Inline.code(test.strategyTitle)): **\(test.metric.title)** \(direction == .worse ? "worse" : "better") beyond \(test.threshold.summary) "
            + "on \(count) of \(test.judged) draws of a LAN (p \(pText(p)) ≤ \(pText(level))): \(shown.joined(separator: "; "))\(count > shown.count ? "; …" : "")\n"
    }

    private func testsTable() -> String {
        var text = "## Tests\n\n"
        text +=
            "One per strategy and tested metric, over every draw of a LAN (fixture and seed) both sides ran. The scenarios run on "
        text +=
            "one LAN and seed share its draw, so they count once: a draw is worse (better) when any of its scenarios landed beyond "
        text +=
            "the allowance that way, and under unchanged code that happens with at most the scenarios' count times the null's "
        text += "chance (union bound). p is the chance of that many by accident.\n\n"
        var table = MarkdownTable([
            ("Strategy", .left), ("Metric", .left), ("Allowance", .left), ("Draws", .right), ("Worse", .right),
            ("Better", .right), ("p worse", .right), ("p better", .right), ("Outcome", .left),
        ])
        for test in tests {
            let leftOut = test.leftOut.isEmpty ? "" : " (\(test.leftOut.joined(separator: ", ")) left out)"
            table.add([
                Inline.code(test.strategyTitle), test.metric.title, ruleText(test.metric, test.threshold),
                "\(test.judged)\(leftOut)",
                "\(test.worse)", "\(test.better)", test.isTested ? pText(test.pWorse) : "—",
                test.isTested ? pText(test.pBetter) : "—",
                outcomeText(test.outcome),
            ])
        }
        return text + table.render()
    }

    private func pairTable(_ pair: PairComparison) -> String {
        var text = "## \(pair.title)\n\n"
        let seeds = pair.draws.compactMap(\.seed).map(String.init)
        text +=
            "Runs ok: baseline \(pair.baselineRuns.ok)/\(pair.baselineRuns.total), current \(pair.currentRuns.ok)/\(pair.currentRuns.total); "
        text +=
            seeds.isEmpty
            ? (pair.draws.isEmpty ? "no draw compared.\n\n" : "no seed in common: one draw of all runs.\n\n")
            : "draws compared: seed \(seeds.joined(separator: ", ")).\n\n"
        var table = MarkdownTable([
            ("Metric", .left), ("Baseline (median)", .right), ("Current (median)", .right), ("Change", .right),
            ("Draws worse / better", .left),
        ])
        for metric in Metric.all {
            let (b, c) = pair.medians(metric)
            var tally = "shown"
            // The cell's share of its strategy's test, as that test judged it (cut gatekeeping included).
            if let test = tests.first(where: {
                $0.metric.id == metric.id && $0.baselineStrategy == pair.baselineStrategy
                    && $0.currentStrategy == pair.currentStrategy
            }) {
                let judged = test.draws.filter { $0.draw.fixture == pair.fixture && $0.draw.scenario == pair.scenario }
                    .map(\.judgement)
                let counted = judged.filter { if case .notJudged = $0 { false } else { true } }.count
                let lost = judged.filter { $0 == .unmeasured }.count
                tally =
                    lost > 0
                    ? "**unmeasured** on \(lost) of \(judged.count)"
                    : counted == 0
                        ? "not judged"
                        : "\(judged.filter { $0 == .worse }.count) / \(judged.filter { $0 == .better }.count) of \(counted)"
            }
            table.add([
                "\(metric.header) `\(metric.id)`", valueText(metric, b), valueText(metric, c), changeText(metric, b, c),
                tally,
            ])
        }
        return text + table.render()
    }

    private func valueText(_ metric: Metric, _ value: Double?) -> String {
        value.map(metric.format) ?? "not measured"
    }

    private func changeText(_ metric: Metric, _ b: Double?, _ c: Double?) -> String {
        guard let b, let c else { return "—" }
        let absolute = NumberFormat.signed(c - b, digits: metric.digits)
        guard b != 0, absolute != "±0" else { return absolute }
        return "\(NumberFormat.percent((c - b) / abs(b) * 100)) (\(absolute))"
    }

    private func ruleText(_ metric: Metric, _ threshold: MetricThreshold) -> String {
        guard threshold.gate else { return "off" }
        switch metric.whenCut {
        case .sameAllowance: return threshold.summary
        case .allowance(let wider): return "\(threshold.summary); cut: \(wider.summary)"
        case .notJudged: return "\(threshold.summary); cut: not judged"
        }
    }

    private func pText(_ p: Double) -> String {
        p >= 0.001 ? NumberFormat.decimal(p, digits: 3) : String(format: "%.1e", p)
    }

    private func outcomeText(_ outcome: GateTest.Outcome) -> String {
        switch outcome {
        case .unchanged: "unchanged"
        case .improved: "**improved**"
        case .regressed: "**REGRESSED**"
        case .inconclusive(let needed): "inconclusive: needs \(needed) draws"
        case .notJudged(let reason): "not judged: \(reason)"
        case .notGated: "not gated"
        case .unconfirmed(let flag): "\(flag) on the first runs, not on the rerun: unconfirmed"
        case .unsettled(let flag, let why): "**\(flag) on the first runs; the rerun \(why): unsettled**"
        case .unmeasured(let draws):
            "**unmeasured**: the baseline measured it on \(draws) \(draws == 1 ? "draw" : "draws"), the current side did not"
        }
    }

    /// What the rerun of the flagged strategies said about each first-pass flag.
    private func confirmationText(_ rerun: (tests: [GateTest], runs: Int)) -> String {
        var text = "## Confirmation\n\n"
        text +=
            "The flagged strategies ran again on the same draws (\(rerun.runs) runs); a flag stands only when the rerun raises it too, "
        text += "and only a rerun with every draw of the flagged test and no failed run clears it.\n\n"
        let flags = tests.filter { test in
            switch test.outcome {
            case .regressed, .improved, .unconfirmed, .unsettled: true
            default: false
            }
        }
        for test in flags {
            let again = rerun.tests.first {
                $0.currentStrategy == test.currentStrategy && $0.metric.id == test.metric.id
            }
            let rerunText =
                again.map { "\($0.worse) worse, \($0.better) better of \($0.judged) draws: \(outcomeText($0.outcome))" }
                ?? "not rerun"
            text +=
                "- \(Inline.code(test.strategyTitle)) **\(test.metric.title)**: \(outcomeText(test.outcome)) (rerun: \(rerunText))\n"
        }
        for title in unconfirmedFailures {
            text += "- \(title): lost more runs on the first runs, not on the rerun: unconfirmed\n"
        }
        return text
    }

    private func rulesBlock() -> String {
        let m = tests.filter(\.isTested).count * 2
        var text = "<details><summary>Rules and statistics used</summary>\n\n"
        text +=
            "- Unit: a draw of a LAN — a fixture and seed both sides ran (repetition k runs with seed base + k − 1), with every scenario run on it. "
        text +=
            "Two runs of one seed differ by timing alone; a side with several runs of a scenario's draw counts with their median.\n"
        text +=
            "- A scenario's draw is *worse* (or *better*) on a tested metric when it landed beyond the metric's allowance, relative to the baseline's value or absolute (either suffices); "
        text += "a draw of a LAN is worse (better) when any of its scenarios is. "
        text +=
            "A draw on which both sides had a phase cut at its deadline uses the wider allowance shown after \"cut:\", or is left out where the cut decides the metric; "
        text +=
            "a draw cut on one side only is left out of those metrics, unless the strategy's test of the cuts flagged them as changed (then the side that ran to the end sent its real cost); "
        text += "yield is always judged, and the cuts themselves are a tested metric.\n"
        text +=
            "- Under unchanged code a draw lands beyond an allowance one way with probability at most q = \(NumberFormat.decimal(thresholds.nullExceedance, digits: 3)) "
        text += "per scenario, so a draw of a LAN with m scenarios at most min(1, m·q) (the recorded null's own rates: "
        text +=
            "reports/gate-calibration/). So k of n draws of a LAN worse has probability at most P(S ≥ k), S the sum of those "
        text += "chances: the test's p.\n"
        text +=
            "- The verdict's \(m) p-values (each tested metric, both directions) are held to Holm's levels for α = \(NumberFormat.decimal(thresholds.alpha, digits: 3)): "
        text +=
            "the chance that unchanged code is called REGRESSED or IMPROVED is at most α. IMPROVED needs the same evidence as REGRESSED. "
        text +=
            "A test with fewer than \(drawsNeeded) draws cannot flag anything at this level: it is inconclusive, and a verdict with no test that could is INCONCLUSIVE.\n"
        text +=
            "- A cell that lost a larger share of its runs (failed or timed out) is a regression whatever the numbers.\n"
        text +=
            "- Nothing the baseline had goes unjudged in silence: a baseline cell or draw the current side did not run, a gated metric it no longer measured, "
        text +=
            "or a flag a short rerun could not settle makes the verdict INCONCLUSIVE unless something regressed; fixture or platform files that differ make it INCONCLUSIVE outright.\n"
        text +=
            "- Exit status: "
            + CompareExitStatus.allCases.filter { $0 != .stepFailed }.map {
                "\($0.rawValue) \($0.meaning.prefix { $0 != ":" })"
            }.joined(separator: ", ")
        text += ". Details: docs/REPORTS.md.\n\n</details>\n"
        return text
    }
}
