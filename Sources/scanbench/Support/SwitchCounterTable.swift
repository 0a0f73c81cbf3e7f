import Testbed

/// The switch counters `testbed status` prints: a summary line, and with `--counters` a row
/// per port.
enum SwitchCounterTable {
    static func summary(_ ports: [SwitchPortCounters]) -> String {
        let total = ports.total
        var line = "switch: \(total.framesIn) frames in, \(total.framesOut) delivered; configured loss dropped "
            + "\(total.lostOnLink) frames and \(total.arpRepliesDropped) ARP replies; \(total.writeFailures) TAP write failures"
        let failing = ports.filter { $0.writeFailures > 0 }.map(\.name)
        if !failing.isEmpty { line += " (unconfigured loss on \(failing.joined(separator: ", ")))" }
        return line
    }

    static func render(_ ports: [SwitchPortCounters]) -> String {
        var rows = [["PORT", "FRAMES IN", "DELIVERED", "LOST ON LINK", "ARP REPLIES DROPPED", "WRITE FAILURES"]]
        for port in ports {
            rows.append([port.name, String(port.framesIn), String(port.framesOut), String(port.lostOnLink),
                         String(port.arpRepliesDropped), String(port.writeFailures)])
        }
        return ColumnText.render(rows)
    }
}
