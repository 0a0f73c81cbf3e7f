import Results
import Statistics

extension Report {
    /// One control and its variants on one fixture and scenario: what a sweep table and its charts show.
    struct SweepPanel {
        let group: RunGroup
        let sweep: SweepDescription
        let control: String
        /// The control's variants in schedule (grid) order, each with its overrides.
        let variants: [(name: String, overrides: [String: String])]

        var slug: String { Inline.slug("\(group.slug)-sweep-\(control)") }

        /// The variant at these knob values, nil when the grid point has no runs here.
        func variant(_ values: [String: String]) -> String? {
            variants.first { $0.overrides == values }?.name
        }
    }

    /// The sweep's panels: per fixture and scenario, per control with runs there; empty without a sweep.
    func sweepPanels() -> [SweepPanel] {
        guard let sweep = document.sweep else { return [] }
        return groups.flatMap { group in
            sweep.controls.compactMap { control -> SweepPanel? in
                guard group.runs[control] != nil else { return nil }
                var variants: [(name: String, overrides: [String: String])] = []
                let scheduled = group.strategies.compactMap { group.runs[$0]?.first }.sorted {
                    $0.sequence < $1.sequence
                }
                for run in scheduled where run.control == control && run.strategy != control {
                    variants.append((run.strategy, run.overrides ?? [:]))
                }
                return SweepPanel(group: group, sweep: sweep, control: control, variants: variants)
            }
        }
    }

    /// Per panel: every headline metric's median per variant against the control's, with the
    /// Mann–Whitney p and Cliff's δ, and the charts against the knobs.
    func sweepSection() -> String {
        guard let sweep = document.sweep else { return "" }
        let panels = sweepPanels()
        var text = "## Sweep\n\n"
        text +=
            "Knobs: "
            + sweep.knobs.map { "\(Inline.code($0.key)) = \($0.values.joined(separator: ", "))" }.joined(
                separator: " × "
            )
        text += " (\(sweep.gridSize) \(sweep.gridSize == 1 ? "variant" : "variants") of each control). "
        text +=
            "Every variant is held against its **control**, the strategy unchanged, measured in the same interleaved schedule "
        text +=
            "with the same repetitions. Each cell: the median over successful repetitions, then the change against the "
        text +=
            "control's median in % and absolute, then the two-sided Mann–Whitney p of the variant's repetitions against the "
        text +=
            "control's (exact without ties) and Cliff's δ (positive: the variant's values tend to be larger; |δ| ≥ 0.474 is large). "
        text +=
            "A change in the wrong direction is a cost even when p is large; a p is only small when the repetitions allow it.\n"
        if panels.isEmpty { text += "\nNo control ran in these results, so no variant can be compared.\n" }
        for panel in panels {
            text += "\n### \(panel.group.heading) · control \(Inline.code(panel.control))\n\n"
            let controlRuns = panel.group.ok(panel.control).count
            if let others = panel.variants.map({ panel.group.ok($0.name).count }).filter({ $0 > 0 }).min(),
                controlRuns > 0
            {
                let smallest = MannWhitneyU.smallestPossibleP(controlRuns, others)
                if smallest >= 0.05 {
                    text +=
                        "With \(controlRuns) and \(others) successful runs a side, no p can go below \(NumberFormat.decimal(smallest, digits: 2)): "
                    text += "read the medians and δ, and repeat more (`--repeat 5`) before calling a change real.\n\n"
                }
            }
            text += "**Yield and wire**\n\n" + sweepTable(panel, metrics: Metric.headlineYield)
            text += "\n**Time, UI and cost**\n\n" + sweepTable(panel, metrics: Metric.headlineCost)
            text += "\n" + sweepChartLinks(panel)
        }
        return text
    }

    private func sweepTable(_ panel: SweepPanel, metrics: [Metric]) -> String {
        let knobs = panel.sweep.knobs.map(\.key)
        var table = MarkdownTable(
            [("Strategy", .left)] + knobs.map { ($0, .right) } + metrics.map { ($0.header, .right) }
        )
        let group = panel.group
        var rows = [(panel.control, [String: String]())]
        rows += panel.variants.map { ($0.name, $0.overrides) }
        for (strategy, overrides) in rows {
            var cells = [strategy == panel.control ? "\(Inline.code(strategy)) (control)" : Inline.code(strategy)]
            cells += knobs.map { overrides[$0] ?? "—" }
            for metric in metrics {
                guard let summary = group.summary(metric, strategy) else {
                    cells.append("not measured")
                    continue
                }
                var lines = [metric.format(summary.median), spreadText(metric, summary)]
                if strategy == panel.control {
                    lines.append("control")
                } else if let base = group.summary(metric, panel.control) {
                    lines.append(deltaText(metric, summary.median, against: base.median))
                    lines.append(confidenceText(metric, strategy, against: panel.control, in: group))
                }
                cells.append(lines.joined(separator: "<br>"))
            }
            if let failure = group.failure(strategy) { cells[0] += "<br>\(failure)" }
            table.add(cells)
        }
        return table.render()
    }

    /// "p 0.03 · δ +0.84 large": the variant's repetitions against the control's.
    private func confidenceText(
        _ metric: Metric,
        _ strategy: String,
        against control: String,
        in group: RunGroup
    ) -> String {
        let variant = group.ok(strategy).compactMap { metric.value(in: $0.metrics) }
        let base = group.ok(control).compactMap { metric.value(in: $0.metrics) }
        guard let test = MannWhitneyU(variant, base), let delta = CliffsDelta.of(variant, against: base) else {
            return ""
        }
        return
            "p \(NumberFormat.decimal(test.p, digits: test.p < 0.01 ? 3 : 2)) · δ \(NumberFormat.signed(delta, digits: 2)) \(CliffsDelta.magnitude(delta))"
    }

    /// The headline metrics some run of the panel measured: one chart each.
    func sweepChartMetrics(_ panel: SweepPanel) -> [Metric] {
        Metric.headline.filter { metric in
            ([panel.control] + panel.variants.map(\.name)).contains { panel.group.summary(metric, $0) != nil }
        }
    }

    func sweepChartName(_ panel: SweepPanel, _ metric: Metric) -> String {
        "\(panel.slug)-\(Inline.slug(metric.id)).svg"
    }

    /// Every panel's charts.
    func sweepChartFiles() -> [ReportFile] {
        sweepPanels().flatMap { panel in
            sweepChartMetrics(panel).map {
                ReportFile(name: sweepChartName(panel, $0), contents: sweepChart(panel, $0))
            }
        }
    }

    private func sweepChartLinks(_ panel: SweepPanel) -> String {
        guard let knob = panel.sweep.knobs.first else { return "" }
        let lines =
            panel.sweep.knobs.count > 1
            ? ", one line per value of \(panel.sweep.knobs.dropFirst().map(\.key).joined(separator: " and "))" : ""
        var text =
            "**Charts** against \(Inline.code(knob.key))\(lines): dots are medians, bars the range min–max over the "
        text += "repetitions, the dashed grey line the control's median.\n\n"
        for metric in sweepChartMetrics(panel) {
            text +=
                "![\(metric.title) against \(knob.key) on \(panel.group.title), against control \(panel.control)](\(sweepChartName(panel, metric)))\n"
        }
        return text
    }

    /// One metric against the first knob, a line per combination of the other knobs' values.
    private func sweepChart(_ panel: SweepPanel, _ metric: Metric) -> String {
        let knobs = panel.sweep.knobs
        let x = knobs[0]
        let rest: [[String: String]] = knobs.dropFirst().reduce([[:]]) { partial, knob in
            partial.flatMap { prefix in knob.values.map { prefix.merging([knob.key: $0]) { $1 } } }
        }
        let series = rest.enumerated().map { index, others -> LineChart.Series in
            let points = x.values.map { value in
                panel.variant(others.merging([x.key: value]) { $1 }).flatMap { panel.group.summary(metric, $0) }
            }
            let name =
                others.isEmpty
                ? "variants" : knobs.dropFirst().map { "\($0.key)=\(others[$0.key] ?? "")" }.joined(separator: ", ")
            let style = Palette.style(index)
            return LineChart.Series(name: name, points: points, colour: style.colour, dash: style.dash)
        }
        let control = panel.group.summary(metric, panel.control).map { (panel.control, $0.median) }
        let title = "\(metric.title) vs \(x.key) — \(panel.group.title)"
        var description =
            "\(metric.header) against \(x.key) on \(panel.group.title): the median over repetitions per variant"
        for item in series {
            let values = zip(x.values, item.points).map { "\($0)=\($1.map { metric.format($0.median) } ?? "none")" }
            description += "; \(item.name): " + values.joined(separator: ", ")
        }
        description +=
            control.map { "; control \($0.0): \(metric.format($0.1))" } ?? "; the control has no successful run"
        return LineChart(
            title: title,
            xLabel: x.key,
            yLabel: "\(metric.header) \(metric.direction.arrow)",
            xValues: x.values,
            series: series,
            reference: control,
            caption:
                "dots: median over the repetitions; bars: min–max over the repetitions; dashed grey: the control's median"
        )
        .render(description: description)
    }
}
