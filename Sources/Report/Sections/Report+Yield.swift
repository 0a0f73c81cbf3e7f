import Results

extension Report {
    /// The device × strategy matrix: in how many of a strategy's runs each device was found, and
    /// by which source when every finding run agrees.
    func yieldMatrix(_ group: RunGroup) -> String {
        let devices = deviceList(group)
        guard !devices.isEmpty else { return "### Device yield\n\nThe runs list no devices.\n" }
        var text = "### Device yield\n\n"
        text += "Found in k of a strategy's n runs (`3/3`, `1/3`, `0/3`), then the source that found the device first "
        text +=
            "(`arp`, `tcp`, `icmp`, `bonjour`, `ssdp`, `ptr`) when every run that found it agrees; no source: the runs' first sources differ. "
        text += "A device's yield is a count over the repetitions, not one run's answer.\n\n"
        var table = MarkdownTable([("Device", .left)] + group.strategies.map { (Inline.code($0), .center) })
        for device in devices {
            var cells = [
                "\(Inline.code(device.name)) (\(device.category)\(device.discoverable ? "" : ", not discoverable"))"
            ]
            for strategy in group.strategies { cells.append(matrixCell(group, strategy, device: device.name)) }
            table.add(cells)
        }
        var totals = ["**discoverable found in every run · in some run**"]
        for strategy in group.strategies { totals.append(yieldTotals(group, strategy, devices: devices)) }
        table.add(totals)
        return text + table.render()
    }

    /// A cell: `3/3 arp` (found in every run, always first by ARP), `1/3 tcp`, `2/2` (first
    /// sources differ), `0/3`.
    func matrixCell(_ group: RunGroup, _ strategy: String, device name: String) -> String {
        let runs = group.ok(strategy)
        guard !runs.isEmpty else { return "no runs" }
        let outcomes = runs.compactMap { run in run.devices.first { $0.name == name } }
        guard !outcomes.isEmpty else { return "not listed" }
        let found = outcomes.filter(\.found)
        let cell = "\(found.count)/\(outcomes.count)"
        let sources = Set(found.map { $0.firstSource ?? "?" })
        guard sources.count == 1, let source = sources.first else { return cell }
        return "\(cell) \(source)"
    }

    /// The totals cell: discoverable devices found in all of the strategy's runs, and in at least
    /// one, over the discoverable devices (`25/28 in 3/3 · 27/28 in some`).
    func yieldTotals(_ group: RunGroup, _ strategy: String, devices: [DeviceOutcome]) -> String {
        let runs = group.ok(strategy)
        guard !runs.isEmpty else { return "no runs" }
        var always = 0, ever = 0, discoverable = 0
        for device in devices where device.discoverable {
            discoverable += 1
            let found = runs.filter { run in run.devices.contains { $0.name == device.name && $0.found } }.count
            if found == runs.count { always += 1 }
            if found > 0 { ever += 1 }
        }
        return "\(always)/\(discoverable) in \(runs.count)/\(runs.count) · \(ever)/\(discoverable) in some"
    }

    /// Discoverable devices some repetition missed, with the reasons from the event log.
    func missedDevices(_ group: RunGroup) -> String {
        var table = MarkdownTable([
            ("Strategy", .left), ("Device", .left), ("Missed in", .right), ("Why (from the event log)", .left),
        ])
        for strategy in group.strategies {
            let runs = group.ok(strategy)
            for device in deviceList(group) where device.discoverable {
                let outcomes = runs.compactMap { run in run.devices.first { $0.name == device.name } }
                let missed = outcomes.filter { !$0.found }
                guard !missed.isEmpty else { continue }
                var reasons: [String] = []
                for outcome in missed {
                    let reason = outcome.missedBecause ?? "no reason logged"
                    if !reasons.contains(reason) { reasons.append(reason) }
                }
                table.add([
                    Inline.code(strategy), Inline.code(device.name), "\(missed.count)/\(outcomes.count)",
                    reasons.joined(separator: "; "),
                ])
            }
        }
        guard !table.isEmpty else { return "Every strategy found every discoverable device in every repetition.\n" }
        return "### Missed devices\n\n" + table.render()
    }

    /// Devices in the order the earliest run lists them, then any only later runs list.
    func deviceList(_ group: RunGroup) -> [DeviceOutcome] {
        let runs = group.strategies.flatMap { group.runs[$0] ?? [] }.sorted { $0.sequence < $1.sequence }
        var seen: Set<String> = []
        var devices: [DeviceOutcome] = []
        for run in runs {
            for device in run.devices where !seen.contains(device.name) {
                seen.insert(device.name)
                devices.append(device)
            }
        }
        return devices
    }
}
