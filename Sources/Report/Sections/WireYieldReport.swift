import Results

/// The Markdown of `scanbench analyze --inventory`: "Yield from the wire" (the summary the
/// harness gives testbed runs, from the capture alone) and the per-device table, with the same
/// table and code-span helpers as report.md.
public enum WireYieldReport {
    /// Both sections, then the hosts the inventory lacks.
    public static func markdown(_ yield: WireYield) -> String {
        summary(yield) + "\n" + deviceTable(yield) + "\n" + unlisted(yield)
    }

    static func summary(_ yield: WireYield) -> String {
        var text = "## Yield from the wire\n\n"
        text +=
            "Inventory \(Inline.code(yield.inventory)), scanner \(yield.scanner.map(Inline.code) ?? "unknown (no --scanner, none inferred)"). "
        text += "Discoverable = answered the scanner on some protocol; the wire cannot say what the app listed.\n\n"
        var table = MarkdownTable([("Figure", .left), ("Devices", .right)])
        table.add(["in the inventory", "\(yield.inventoryDevices)"])
        table.add(["contacted by the scanner", "\(yield.contacted)"])
        table.add(["**discoverable** (answered anything)", "**\(yield.discoverable) / \(yield.inventoryDevices)**"])
        for kind in WireYield.answerKinds {
            table.add(["answered by \(Inline.code(kind))", "\(yield.foundByProtocol[kind] ?? 0)"])
        }
        table.add(["on the wire, not in the inventory", "\(yield.notInInventory.count)"])
        text += table.render()
        if !yield.neverAnswered.isEmpty {
            text += "\nNever answered: " + yield.neverAnswered.map(Inline.code).joined(separator: ", ") + ".\n"
        }
        return text
    }

    static func deviceTable(_ yield: WireYield) -> String {
        var text = "### Devices\n\n"
        text += "`wire IP` is where the device was seen (by MAC when DHCP moved it); TCP is attempts, then outcomes; "
        text += "`—` means nothing on the wire.\n\n"
        var table = MarkdownTable([
            ("Device", .left), ("Category", .left), ("Wire IP", .left), ("Matched by", .left),
            ("Contacted", .center), ("Answered", .left), ("TCP", .right), ("Open ports", .left),
            ("Connections", .right),
        ])
        for device in yield.devices {
            let outcomes = device.tcpOutcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", "
            )
            table.add([
                Inline.code(device.name), device.category, device.wireIp ?? "—", device.matchedBy,
                device.contacted ? "yes" : "no",
                device.answered.isEmpty
                    ? "**never**"
                    : device.answered.joined(separator: ", ") + (device.namedByMdns ? " (A in mDNS)" : ""),
                device.tcpAttempts == 0 ? "0" : "\(device.tcpAttempts) (\(outcomes))",
                device.openPorts.isEmpty ? "—" : device.openPorts.map(String.init).joined(separator: ", "),
                "\(device.connections)",
            ])
        }
        return text + table.render()
    }

    static func unlisted(_ yield: WireYield) -> String {
        var text = "### On the wire, not in the inventory\n\n"
        guard !yield.notInInventory.isEmpty else {
            return text + "None: every local host on the wire is in the inventory.\n"
        }
        text +=
            "Local hosts (they sent ARP, or have private, link-local or benchmarking addresses) that match no device; add them to the inventory.\n\n"
        var table = MarkdownTable([
            ("IP", .left), ("MAC", .left), ("Answered", .left), ("Packets from scanner", .right),
            ("Packets to scanner", .right),
        ])
        for host in yield.notInInventory {
            table.add([
                host.ip, host.macs.first ?? "—", host.answered.isEmpty ? "—" : host.answered.joined(separator: ", "),
                "\(host.packetsFromScanner)", "\(host.packetsToScanner)",
            ])
        }
        return text + table.render()
    }
}
