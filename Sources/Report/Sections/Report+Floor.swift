import Results

extension Report {
    /// How close each strategy came to the physical floor: the earliest moment any scanner could
    /// know every discoverable device of the fixture (docs/METRICS.md), and each strategy's time
    /// to 100 % as a multiple of it (not reached where its median run missed a device).
    func floorTable(_ group: RunGroup) -> String {
        let runs = group.strategies.flatMap(group.ok)
        guard let floor = runs.compactMap(\.metrics.timeTo100PercentFloorS).max(), floor > 0 else { return "" }
        var text = "### Physical floor\n\n"
        text +=
            "Every discoverable device could be known \(NumberFormat.decimal(floor, digits: 2)) s after the scan starts"
        if let slowest = runs.first?.devices.filter({ $0.discoverable }).max(by: {
            ($0.floorMs ?? 0) < ($1.floorMs ?? 0)
        }) {
            text +=
                " (the last: \(Inline.code(slowest.name)), \(NumberFormat.decimal(slowest.floorMs ?? 0, digits: 0)) ms)"
        }
        text +=
            ": one round trip plus the fastest answer the fixture configures (ARP reply delay, mDNS or SSDP delay). "
        text +=
            "Time to 100 % is when a run found its last discoverable device; a run that missed one never got there and counts as "
        text += "the slowest, so a strategy whose median run missed one has `\(Metric.notReached)`.\n\n"
        var table = MarkdownTable([
            ("Strategy", .left), ("Time to 100 % [s]", .right), ("× floor", .right), ("Found", .right),
        ])
        for strategy in group.strategies {
            guard let seconds = group.summary(.timeTo100, strategy), let found = group.summary(.found, strategy) else {
                continue
            }
            let ratio = group.summary(Metric.timeTo100VsFloor, strategy)
            table.add([
                Inline.code(strategy), Metric.timeTo100.format(seconds.median),
                ratio.map { Metric.timeTo100VsFloor.format($0.median) } ?? "—",
                yieldText(found: found.median, discoverable: group.discoverable(strategy)),
            ])
        }
        return text + table.render()
    }
}
