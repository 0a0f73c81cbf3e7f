import Results
import Statistics

extension Report {
    /// Devices found per category (`metrics.yield.by_category`), per strategy; empty when no run
    /// recorded categories.
    func categoryTable(_ group: RunGroup) -> String {
        var categories: [String] = []
        for strategy in group.strategies {
            for run in group.ok(strategy) {
                for category in run.metrics.yield.byCategory.keys.sorted() where !categories.contains(category) {
                    categories.append(category)
                }
            }
        }
        guard !categories.isEmpty else { return "" }
        categories.sort()
        var table = MarkdownTable([("Strategy", .left)] + categories.map { ($0, .right) })
        for strategy in group.strategies {
            let runs = group.ok(strategy)
            guard !runs.isEmpty else { continue }
            var cells = [Inline.code(strategy)]
            for category in categories {
                let pairs = runs.compactMap { $0.metrics.yield.byCategory[category] }.filter { $0.count == 2 }
                guard let found = SampleSummary(pairs.map { Double($0[0]) }),
                    let total = SampleSummary(pairs.map { Double($0[1]) })
                else {
                    cells.append("—")
                    continue
                }
                cells.append(yieldText(found: found.median, discoverable: total.median))
            }
            table.add(cells)
        }
        return
            "### Yield by category\n\nFound / discoverable devices per fixture category (medians over repetitions).\n\n"
            + table.render()
    }

    /// The categories in the order the fixtures' schema lists them; others follow alphabetically.
    static let categoryOrder = [
        "router", "phone", "tablet", "computer", "tv", "speaker", "gaming", "iot", "printer", "camera", "storage",
    ]

    /// Per strategy, true category (rows) × what the probe after the scan said (columns), over
    /// every discoverable device of every successful run that measured categories; empty when
    /// none did.
    func categoryConfusion(_ group: RunGroup) -> String {
        let probed = group.strategies.map { strategy in
            (strategy, group.ok(strategy).filter { $0.metrics.names.categoryCorrect != nil })
        }
        .filter { !$0.1.isEmpty }
        guard !probed.isEmpty else { return "" }
        let notFound = CategoryScore.notFound, unclassified = CategoryScore.unknown
        func ordered(_ names: Set<String>) -> [String] {
            Self.categoryOrder.filter(names.contains) + names.subtracting(Self.categoryOrder).sorted()
        }
        let verdict: (DeviceOutcome) -> String = { !$0.found ? notFound : ($0.categoryPredicted ?? unclassified) }
        // One set of columns for the group, so that the strategies' tables line up.
        let all = probed.flatMap { $0.1.flatMap { $0.devices.filter(\.discoverable) } }
        let rows = ordered(Set(all.map(\.category)))
        let columns =
            ordered(Set(all.compactMap { $0.found ? $0.categoryPredicted : nil }))
            + [unclassified, notFound].filter { name in all.contains { verdict($0) == name } }
        var text =
            "### Category confusion\n\n<details><summary>Per strategy: the fixture's category (rows) against the probe's "
        text +=
            "(columns: a category, unknown — found, no rule decided —, or not found), every discoverable device counted once per run; "
        text += "Identifiable: of the row's devices, those whose own signals determine their category</summary>\n\n"
        for (strategy, runs) in probed {
            let devices = runs.flatMap { $0.devices.filter(\.discoverable) }
            var table = MarkdownTable(
                [("Fixture ↓ probe →", .left)] + columns.map { ($0, .right) } + [
                    ("Correct", .right), ("Identifiable", .right),
                ]
            )
            for row in rows {
                let members = devices.filter { $0.category == row }
                let cells = columns.map { column -> String in
                    let count = members.filter { verdict($0) == column }.count
                    return count == 0 ? "·" : (column == row ? "**\(count)**" : "\(count)")
                }
                let identifiable =
                    members.contains { $0.categoryIdentifiable != nil }
                    ? "\(members.filter { $0.categoryIdentifiable == true }.count)" : "—"
                table.add(
                    [row] + cells + [
                        ratio(Double(members.filter { verdict($0) == row }.count), Double(members.count)), identifiable,
                    ]
                )
            }
            text +=
                "\(Inline.code(strategy)), \(runs.count) run\(runs.count == 1 ? "" : "s"):\n\n" + table.render() + "\n"
        }
        return text + "</details>\n"
    }
}
