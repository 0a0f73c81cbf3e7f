import Results

extension Report {
    /// Whether the repetitions of each strategy agreed on each counter: with one seed every
    /// counter should repeat, and the exceptions are named with the mechanism the runs recorded.
    func repeatabilityTable(_ group: RunGroup) -> String {
        let counters = Metric.all.filter { $0.kind == .counter }
        let strategies = group.strategies.filter { group.ok($0).count > 1 }
        guard !strategies.isEmpty else { return "" }
        var text = "### Repeatability\n\n"
        text += seedSentence(group) + " "
        text += "A cell is `=` when every repetition measured the same value, else the range min–max; "
        text += "counters are defined in [docs/METRICS.md](\(options.metricsDocLink)) (\"Repeatability\" says which may differ and why).\n\n"
        var table = MarkdownTable([("Counter", .left)] + strategies.map { (Inline.code($0), .right) })
        for metric in counters {
            var cells = [metric.title]
            for strategy in strategies {
                guard let summary = group.summary(metric, strategy) else {
                    cells.append("—")
                    continue
                }
                cells.append(summary.hasSpread ? "\(metric.format(summary.min))–\(metric.format(summary.max))" : "=")
            }
            table.add(cells)
        }
        text += table.render()
        let cut = strategies.compactMap { strategy -> String? in
            let runs = group.ok(strategy)
            let phases = Set(runs.flatMap { $0.metrics.phasesCutAtDeadline ?? [] }).sorted()
            guard !phases.isEmpty else { return nil }
            let count = runs.filter { !($0.metrics.phasesCutAtDeadline ?? []).isEmpty }.count
            return "\(Inline.code(strategy)) (\(phases.map(Inline.code).joined(separator: ", ")) in \(count) of \(runs.count) runs)"
        }
        if !cut.isEmpty {
            text += "\nPhases cut off at their deadline: \(cut.joined(separator: "; ")). What a cut phase sent depends on how far "
            text += "it had got when the deadline fell, so these strategies' wire and stack counters can differ between repetitions of one seed.\n"
        }
        return text
    }

    /// "All runs used seed 1." or "Each run drew its own seed (raw runs list them)".
    private func seedSentence(_ group: RunGroup) -> String {
        if let seed = document.environment.seed { return "Every run used seed \(seed) (`--seed`)." }
        let seeds = Set(group.strategies.flatMap { group.ok($0).compactMap(\.seed) })
        if seeds.isEmpty { return "These runs recorded no seed." }
        return "Each run drew its own seed (the raw runs list them), so repetitions also differ by the LAN's random impairments."
    }
}
