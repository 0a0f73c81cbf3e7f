import Results

extension Report {
    /// Scenarios that run a tool before or as the scan starts, whose budget the section always shows.
    static let toolBeforeScanScenarios: Set<String> = ["adr-016", "tools-then-scan", "reset-over-admission"]

    /// ADR-016's hang, measured: per fixture, scenario and strategy, how many sessions' scans
    /// did not finish by the app's deadline, and where the hung ones stood (slots counted as held,
    /// tasks queued, the limit then, the phases still open). Shown when a scenario ran a tool
    /// before the scan (`adr-016`, `tools-then-scan`) or any run hung.
    func hangSection() -> String {
        var table = MarkdownTable([
            ("Fixture · scenario", .left), ("Strategy", .left), ("Hung", .right),
            ("Slots held / queued / limit", .left), ("Phases open", .left),
            ("Acquired − released at end", .right), ("Peak slots counted / held", .left),
            ("Longest release lag [ms]", .right),
        ])
        for group in groups
        where Self.toolBeforeScanScenarios.contains(group.scenario)
            || group.strategies.contains(where: { (group.runs[$0] ?? []).contains { $0.status == .hung } })
        {
            for strategy in group.strategies {
                let runs = (group.runs[strategy] ?? []).filter { $0.status == .ok || $0.status == .hung }
                guard !runs.isEmpty else { continue }
                let hangs = runs.compactMap(\.metrics.hang)
                let slots = hangs.map {
                    "\($0.slotsHeld) / \($0.queued) / \($0.effectiveLimit.map(String.init) ?? "none")"
                }
                let phases = Set(hangs.flatMap(\.openPhases)).sorted()
                let books = runs.compactMap(\.metrics.budget)
                let unreturned = books.map { $0.acquires - $0.releases }
                let peaks = books.compactMap { b in b.peakCounted.flatMap { c in b.peakHeld.map { "\(c) / \($0)" } } }
                table.add([
                    group.title, Inline.code(strategy), "\(hangs.count) of \(runs.count)",
                    slots.isEmpty ? "—" : Array(Set(slots)).sorted().joined(separator: "; "),
                    phases.isEmpty ? "—" : phases.map(Inline.code).joined(separator: ", "),
                    unreturned.isEmpty ? "not measured" : "max \(unreturned.max() ?? 0)",
                    peaks.isEmpty ? "not measured" : peaks.joined(separator: "; "),
                    books.isEmpty
                        ? "not measured" : NumberFormat.decimal(books.map(\.releaseLagMaxMs).max() ?? 0, digits: 1),
                ])
            }
        }
        guard !table.isEmpty else { return "" }
        var text = "## Hangs (ADR-016)\n\n"
        text +=
            "Sessions whose scan had not finished by the app's deadline. A hang needs the budget to count more slots "
        text += "as held than anyone holds, at or above its limit, with tasks queued: see docs/METRICS.md \"Hangs\". "
        text +=
            "\"Acquired − released\" counts slots never given back when the session ended (a leak); the release lag is "
        text += "how long the slowest fire-and-forget release waited for the pool after its connection was done. "
        text +=
            "\"Peak slots counted / held\" is, per session, the most slots the budget counted at once and the most granted and "
        text += "not yet given back: held above counted is over-admission by a scan-start `reset()`.\n\n"
        return text + table.render()
    }
}
