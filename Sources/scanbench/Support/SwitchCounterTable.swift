import Testbed

/// The switch counters `testbed status` prints: a summary line, and with `--counters` a row
/// per port.
enum SwitchCounterTable {
    static func summary(_ ports: [SwitchPortCounters]) -> String {
        let total = ports.total
        var line =
            "switch: \(total.framesIn) frames in, \(total.framesOut) delivered; configured loss dropped "
            + "\(total.lostOnLink) frames and \(total.arpRepliesDropped) ARP replies; \(total.writeFailures) TAP write failures"
        if total.asleepDropped + total.powerSaveBuffered + total.pathDropped > 0 {
            line +=
                "; Wi-Fi: \(total.asleepDropped) frames dropped in deep sleep, \(total.powerSaveBuffered) held for power save, "
                + "\(total.pathDropped) lost to the scanner's path events"
        }
        let failing = ports.filter { $0.writeFailures > 0 }.map(\.name)
        if !failing.isEmpty { line += " (unconfigured loss on \(failing.joined(separator: ", ")))" }
        return line
    }

    /// The Wi-Fi columns appear only when some port has Wi-Fi behaviour counts.
    static func render(_ ports: [SwitchPortCounters]) -> String {
        let wifi = ports.contains { $0.asleepDropped + $0.powerSaveBuffered + $0.pathDropped > 0 }
        var rows = [
            ["PORT", "FRAMES IN", "DELIVERED", "LOST ON LINK", "ARP REPLIES DROPPED", "WRITE FAILURES"]
                + (wifi ? ["ASLEEP DROPPED", "PS BUFFERED", "PATH DROPPED"] : [])
        ]
        for port in ports {
            rows.append(
                [
                    port.name, String(port.framesIn), String(port.framesOut), String(port.lostOnLink),
                    String(port.arpRepliesDropped), String(port.writeFailures),
                ]
                    + (wifi
                        ? [String(port.asleepDropped), String(port.powerSaveBuffered), String(port.pathDropped)] : [])
            )
        }
        return ColumnText.render(rows)
    }
}
