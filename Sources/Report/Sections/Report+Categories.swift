import Results

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
                guard let found = Summary(pairs.map { Double($0[0]) }), let total = Summary(pairs.map { Double($0[1]) }) else {
                    cells.append("—")
                    continue
                }
                cells.append(yieldText(found: found.median, discoverable: total.median))
            }
            table.add(cells)
        }
        return "### Yield by category\n\nFound / discoverable devices per fixture category (medians over repetitions).\n\n" + table.render()
    }
}
