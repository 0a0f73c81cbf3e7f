import Results

extension Report {
    /// The device × strategy matrix: which source found each device, and how often.
    func yieldMatrix(_ group: RunGroup) -> String {
        let devices = deviceList(group)
        guard !devices.isEmpty else { return "### Device yield\n\nThe runs list no devices.\n" }
        var text = "### Device yield\n\n"
        text += "The source that found each device first (`arp`, `tcp`, `icmp`, `bonjour`, `ssdp`, `ptr`); "
        text += "`—` means missed in every repetition; \"found in k/N\" appears when repetitions disagree.\n\n"
        var table = MarkdownTable([("Device", .left)] + group.strategies.map { (Inline.code($0), .center) })
        for device in devices {
            var cells = ["\(Inline.code(device.name)) (\(device.category)\(device.discoverable ? "" : ", not discoverable"))"]
            for strategy in group.strategies { cells.append(matrixCell(group, strategy, device: device.name)) }
            table.add(cells)
        }
        var totals = ["**found / discoverable** (median)"]
        for strategy in group.strategies {
            if let found = group.summary(.found, strategy) {
                totals.append(yieldText(found: found.median, discoverable: group.discoverable(strategy)))
            } else {
                totals.append("no runs")
            }
        }
        table.add(totals)
        return text + table.render()
    }

    /// A cell: `arp`, `arp/bonjour` (first source differs), `tcp · found in 2/3`, `—`.
    func matrixCell(_ group: RunGroup, _ strategy: String, device name: String) -> String {
        let runs = group.ok(strategy)
        guard !runs.isEmpty else { return "no runs" }
        let outcomes = runs.compactMap { run in run.devices.first { $0.name == name } }
        guard !outcomes.isEmpty else { return "not listed" }
        let found = outcomes.filter(\.found)
        guard !found.isEmpty else { return "—" }
        var counts: [String: Int] = [:]
        for outcome in found { counts[outcome.firstSource ?? "?", default: 0] += 1 }
        let sources = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
        var cell = sources.joined(separator: "/")
        if found.count < outcomes.count { cell += " · found in \(found.count)/\(outcomes.count)" }
        return cell
    }

    /// Discoverable devices some repetition missed, with the reasons from the event log.
    func missedDevices(_ group: RunGroup) -> String {
        var table = MarkdownTable([("Strategy", .left), ("Device", .left), ("Missed in", .right), ("Why (from the event log)", .left)])
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
                table.add([Inline.code(strategy), Inline.code(device.name), "\(missed.count)/\(outcomes.count)", reasons.joined(separator: "; ")])
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
