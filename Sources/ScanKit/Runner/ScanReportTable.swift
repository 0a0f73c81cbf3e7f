import AppContract
import Foundation

/// The human output of `scanbench scan` and `scanbench-app`: a device table and a summary.
public enum ScanReportTable {
    public static func render(_ report: ScanReport) -> String {
        var rows: [[String]] = [["IP", "MAC", "NAME", "SOURCES", "LATENCY", "OPEN PORTS", "FIRST SEEN"]]
        for device in report.devices {
            let latency =
                device.latencyMs.map { String(format: "%.1f ms", $0) + " (\(device.latencySource ?? "?"))" } ?? "-"
            rows.append([
                device.ip, device.mac ?? "-", device.hostname ?? "-", device.sources.joined(separator: ","), latency,
                device.openPorts.isEmpty ? "-" : device.openPorts.map(String.init).joined(separator: ","),
                String(format: "%.0f ms", device.firstSeenMs),
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let table = rows.map { row in
            zip(row, widths).enumerated().map { index, pair in
                index == row.count - 1 ? pair.0 : pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
        let s = report.summary
        var lines = [
            "\(report.devices.count) devices on \(s.network) (\(s.interface), \(s.hostsPlanned) hosts planned), strategy \(s.strategy)",
            table,
            "",
            String(format: "duration %.2f s, ", s.durationS)
                + "connections created \(s.connectionsCreated), peak in flight \(s.peakConnectionsInFlight), "
                + "budget waits \(s.budgetWaits), publishes \(s.publishes.map(String.init) ?? "n/a (no publishing model)")",
        ]
        if !s.waitingByError.isEmpty {
            lines.append(
                "waiting states: "
                    + s.waitingByError.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                        separator: ", "
                    )
            )
        }
        lines.append("phases:")
        for phase in s.phases {
            lines.append(
                "  " + phase.id.padding(toLength: 13, withPad: " ", startingAt: 0)
                    + String(format: " %8.0f → %8.0f ms  ", phase.startMs, phase.endMs) + phase.outcome
            )
        }
        let missing = s.phases.filter { $0.outcome == "not_built" }.map(\.id)
        if !missing.isEmpty {
            lines.append(
                "note: the strategy names phases ScanKit does not have yet (\(missing.joined(separator: ", "))); they ran as no-ops"
            )
        }
        return lines.joined(separator: "\n")
    }
}
