import Results

extension Report {
    /// ADR-016's hang, measured: per fixture, scenario and strategy, how many sessions' scans
    /// did not finish by the app's deadline, and where the hung ones stood (slots counted as held,
    /// tasks queued, the limit then, the phases still open). Shown when a scenario ran a tool
    /// before the scan (`adr-016`, `tools-then-scan`) or any run hung.
    func hangSection() -> String {
        var table = MarkdownTable([
            ("Fixture · scenario", .left), ("Strategy", .left), ("Hung", .right),
            ("Slots held / queued / limit", .left), ("Phases open", .left),
            ("Acquired − released at end", .right), ("Longest release lag [ms]", .right),
        ])
        for group in groups
        where group.scenario == "adr-016" || group.scenario == "tools-then-scan"
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
                table.add([
                    group.title, Inline.code(strategy), "\(hangs.count) of \(runs.count)",
                    slots.isEmpty ? "—" : Array(Set(slots)).sorted().joined(separator: "; "),
                    phases.isEmpty ? "—" : phases.map(Inline.code).joined(separator: ", "),
                    unreturned.isEmpty ? "not measured" : "max \(unreturned.max() ?? 0)",
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
        text += "how long the slowest fire-and-forget release waited for the pool after its connection was done.\n\n"
        return text + table.render()
    }
}
