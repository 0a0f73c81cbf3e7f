import Results

extension Report {
    /// `scanbench ablate`'s section: the knobs that differ, then per fixture and scenario the
    /// change BASE → TARGET, per metric the knobs ranked by their effect in both directions, and
    /// the knobs whose two directions disagree. Empty for a results file without an ablation.
    func ablationSection() -> String {
        guard let analysis = AblationAnalysis(document: document), let ablation = document.ablation else { return "" }
        var text = "## Ablation: \(Inline.code(analysis.base)) → \(Inline.code(analysis.target))\n\n"
        text +=
            "\(ablation.knobs.count) knobs differ. For each, two measurements of setting it to \(Inline.code(analysis.target))'s value: "
        text +=
            "**forward**, \(Inline.code(analysis.base)) with that one knob changed, against \(Inline.code(analysis.base)); and "
        text +=
            "**leave-one-out**, \(Inline.code(analysis.target)) against \(Inline.code(analysis.target)) with that knob set back. "
        text +=
            "Each effect is the change of the median over successful repetitions, with the two-sided Mann–Whitney p and Cliff's δ. "
        text +=
            "An effect is **material** when it shows in the printed digits, Cliff's |δ| ≥ 0.474 (the runs barely overlap) and it is "
        text +=
            "at least \(Int(AblationAnalysis.materialShare * 100)) % of the metric's whole change \(Inline.code(analysis.base)) → "
        text +=
            "\(Inline.code(analysis.target)). Knobs are ranked by the **average** of the two directions. When the directions "
        text +=
            "disagree the knob interacts with others: a knob ≈ 0 alone but material when left out of the target only matters "
        text += "together with another knob; one material alone but ≈ 0 when left out is replaced by another knob. "
        text += "How to read it: docs/STRATEGIES.md, \"Ablation\".\n\n"
        let fewest =
            document.runs.filter { $0.status == .ok }.reduce(into: [String: Int]()) { $0[$1.strategy, default: 0] += 1 }
            .values.min() ?? 0
        if fewest < 2 {
            text +=
                "> **\(fewest) repetition\(fewest == 1 ? "" : "s") per strategy: not enough to tell a knob from noise.** Each effect is one run "
            text +=
                "against one run, so Cliff's δ is ±1 whatever happened and the labels below cannot exclude run-to-run variation: a counter "
            text +=
                "that depends on timing (a race, a phase cut at its deadline) moves in knobs that cannot act on it. Trust an effect only where "
            text +=
                "both directions agree or the knob is the only one moving the metric, and rerun with `--repeat 3` or more.\n\n"
        }
        text += ablationKnobTable(ablation)
        for group in analysis.groups {
            text += "\n### Ablation on \(Inline.code(group.fixture)) · scenario \(Inline.code(group.scenario))\n\n"
            text += ablationRankings(group) + ablationInteractions(group) + ablationMatrix(group)
        }
        return text
    }

    /// Every knob with both values and the strategies that measured it.
    private func ablationKnobTable(_ ablation: Ablation) -> String {
        var table = MarkdownTable([
            ("Knob", .left), (ablation.base, .left), (ablation.target, .left), ("Forward run", .left),
            ("Leave-one-out run", .left),
        ])
        for knob in ablation.knobs {
            let variant = { (name: String?, error: String?) in
                name.map(Inline.code) ?? error.map {
                    "not run: " + $0.split(separator: "\n").prefix(2).joined(separator: " ")
                } ?? "not run"
            }
            table.add([
                Inline.code(knob.key), Inline.code(knob.baseValue), Inline.code(knob.targetValue),
                variant(knob.forward, knob.forwardError), variant(knob.leaveOneOut, knob.leaveOneOutError),
            ])
        }
        return table.render()
    }

    /// Per metric: the whole change, then the knobs with a material effect, largest first.
    private func ablationRankings(_ group: AblationAnalysis.Group) -> String {
        var text = ""
        for (index, ranking) in group.rankings.enumerated() {
            guard let metric = Metric.named(ranking.metric) else { continue }
            text += "#### \(metric.headerWithDirection)\n\n"
            guard let total = ranking.total else {
                text += "Not measured for both strategies.\n\n"
                continue
            }
            text += "\(Inline.code(document.ablation?.base ?? "")) \(metric.format(total.fromMedian)) → "
            text +=
                "\(Inline.code(document.ablation?.target ?? "")) \(metric.format(total.toMedian)): \(effectText(metric, total)). "
            guard !ranking.knobs.isEmpty else {
                text += "No knob moves it materially in either direction.\n\n"
                continue
            }
            text += "Knobs that move it, largest average first (sum of every knob's average: "
            text +=
                "\(NumberFormat.signed(ranking.sumOfAverages, digits: metric.digits)); the rest of the change is interaction):\n\n"
            var table = MarkdownTable([
                ("#", .right), ("Knob", .left), ("Forward", .right), ("Leave-one-out", .right),
                ("Average", .right), ("Directions", .left),
            ])
            for (rank, key) in ranking.knobs.enumerated() {
                guard let knob = group.knobs.first(where: { $0.knob.key == key }) else { continue }
                let effect = knob.effects[index]
                let average =
                    effect.average.map {
                        NumberFormat.signed($0, digits: metric.digits) + " " + betterOrWorse(metric, $0)
                    } ?? "—"
                table.add([
                    "\(rank + 1)", Inline.code(key), effect.forward.map { effectText(metric, $0) } ?? "not measured",
                    effect.leaveOneOut.map { effectText(metric, $0) } ?? "not measured", average,
                    effect.interaction.phrase,
                ])
            }
            text += table.render() + "\n"
        }
        return text
    }

    /// The knob × metric pairs whose directions disagree.
    private func ablationInteractions(_ group: AblationAnalysis.Group) -> String {
        var lines: [String] = []
        for knob in group.knobs {
            for effect in knob.effects where effect.interaction.isFlagged {
                guard let metric = Metric.named(effect.metric) else { continue }
                let forward = effect.forward.map { NumberFormat.signed($0.delta, digits: metric.digits) } ?? "—"
                let back = effect.leaveOneOut.map { NumberFormat.signed($0.delta, digits: metric.digits) } ?? "—"
                lines.append(
                    "- \(Inline.code(knob.knob.key)) on \(metric.title): forward \(forward), leave-one-out \(back) — \(effect.interaction.phrase)"
                )
            }
        }
        var text = "#### Interactions\n\n"
        guard !lines.isEmpty else { return text + "No knob's two directions disagree on any metric.\n\n" }
        text +=
            "The knobs whose effect depends on the other knobs (see the rule above):\n\n"
            + lines.joined(separator: "\n") + "\n\n"
        return text
    }

    /// Every knob's average effect on every metric, for reading across.
    private func ablationMatrix(_ group: AblationAnalysis.Group) -> String {
        let metrics = AblationAnalysis.metrics
        var table = MarkdownTable([("Knob", .left)] + metrics.map { ($0.headerWithDirection, .right) })
        for knob in group.knobs {
            table.add(
                [Inline.code(knob.knob.key)]
                    + zip(metrics, knob.effects).map { metric, effect in
                        effect.average.map {
                            NumberFormat.signed($0, digits: metric.digits) + (effect.interaction.isFlagged ? " ⚑" : "")
                        } ?? "—"
                    }
            )
        }
        return "<details><summary>Average effect of every knob on every metric (⚑: directions disagree)</summary>\n\n"
            + table.render() + "\n</details>\n"
    }

    /// "+3 (p 0.10, δ +1.00)".
    private func effectText(_ metric: Metric, _ effect: KnobEffect) -> String {
        "\(NumberFormat.signed(effect.delta, digits: metric.digits)) (p \(NumberFormat.decimal(effect.p, digits: 2)), "
            + "δ \(NumberFormat.signed(effect.cliffsDelta, digits: 2)))"
    }

    /// "better" or "worse" for a change of `delta`, by the metric's direction; "" for none.
    private func betterOrWorse(_ metric: Metric, _ delta: Double) -> String {
        metric.printed(abs(delta)) == 0 ? "" : metric.direction.prefers(delta, over: 0) ? "(better)" : "(worse)"
    }
}
