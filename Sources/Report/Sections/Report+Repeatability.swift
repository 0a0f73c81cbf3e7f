import Results
import Statistics

extension Report {
    /// Whether runs of one seed agreed on each counter: under one seed only timing differs, so
    /// every counter should repeat, and the exceptions are named with the mechanism the runs
    /// recorded. Since repetition k runs with seed base + k − 1, a seed runs more than once only
    /// when the same `--seed` ran again (merged jobs, files of older versions).
    func repeatabilityTable(_ group: RunGroup) -> String {
        let counters = Metric.all.filter { $0.kind == .counter }
        let strategies = group.strategies.filter { !Self.repeatedSeeds(group.ok($0)).isEmpty }
        guard !strategies.isEmpty else {
            guard group.strategies.contains(where: { group.ok($0).count > 1 }) else { return "" }
            return
                "### Repeatability\n\nEvery repetition ran its own seed (repetition k: base + k − 1), so no seed ran twice and these runs "
                + "cannot tell timing from the LAN's draws; run the same `--seed` again for that ([docs/METRICS.md](\(options.metricsDocLink))).\n"
        }
        var text = "### Repeatability\n\n"
        text += "Runs of the same seed, per strategy (\(seedList(group, strategies))). "
        text +=
            "A cell is `=` when every run of each seed measured the same value, else the widest range min–max within one seed; "
        text +=
            "counters are defined in [docs/METRICS.md](\(options.metricsDocLink)) (\"Repeatability\" says which may differ and why).\n\n"
        var table = MarkdownTable([("Counter", .left)] + strategies.map { (Inline.code($0), .right) })
        for metric in counters {
            var cells = [metric.title]
            for strategy in strategies {
                let summaries = Self.repeatedSeeds(group.ok(strategy)).values.compactMap { runs in
                    SampleSummary(runs.compactMap { metric.value(in: $0.metrics) })
                }
                guard let widest = summaries.max(by: { $0.max - $0.min < $1.max - $1.min }) else {
                    cells.append("—")
                    continue
                }
                cells.append(widest.hasSpread ? "\(metric.format(widest.min))–\(metric.format(widest.max))" : "=")
            }
            table.add(cells)
        }
        text += table.render()
        let cut = strategies.compactMap { strategy -> String? in
            let runs = group.ok(strategy)
            let phases = Set(runs.flatMap { $0.metrics.phasesCutAtDeadline ?? [] }).sorted()
            guard !phases.isEmpty else { return nil }
            let count = runs.filter { !($0.metrics.phasesCutAtDeadline ?? []).isEmpty }.count
            return
                "\(Inline.code(strategy)) (\(phases.map(Inline.code).joined(separator: ", ")) in \(count) of \(runs.count) runs)"
        }
        if !cut.isEmpty {
            text +=
                "\nPhases cut off at their deadline: \(cut.joined(separator: "; ")). What a cut phase sent depends on how far "
            text +=
                "it had got when the deadline fell, so these strategies' wire and stack counters can differ between repetitions of one seed.\n"
        }
        return text
    }

    /// The successful runs of each seed that ran more than once.
    static func repeatedSeeds(_ runs: [RunResult]) -> [UInt64: [RunResult]] {
        var bySeed: [UInt64: [RunResult]] = [:]
        for run in runs { if let seed = run.seed { bySeed[seed, default: []].append(run) } }
        return bySeed.filter { $0.value.count > 1 }
    }

    /// "seed 1 × 3" per strategy, or one list when every strategy repeated the same seeds.
    private func seedList(_ group: RunGroup, _ strategies: [String]) -> String {
        let lists = strategies.map { strategy in
            Self.repeatedSeeds(group.ok(strategy)).sorted { $0.key < $1.key }.map {
                "seed \($0.key) × \($0.value.count)"
            }.joined(separator: ", ")
        }
        if Set(lists).count == 1 { return lists[0] }
        return zip(strategies, lists).map { "\(Inline.code($0)): \($1)" }.joined(separator: "; ")
    }
}
