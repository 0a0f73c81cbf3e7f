import AppContract
import Foundation

extension AppOutput {
    /// One line per Wake-on-LAN packet, Bonjour browse and device-detail discovery of the session (the text output).
    static func printDiscoveryTools(_ report: SessionReport) {
        for wol in report.wakeOnLAN {
            print(
                "wol \(wol.mac) → \(wol.destination):\(wol.port): \(wol.error ?? "sent") in \(String(format: "%.1f", wol.durationMs)) ms"
            )
        }
        for browse in report.bonjourBrowses {
            let resolved = browse.services.filter { !$0.addresses.isEmpty }.count
            print(
                "bonjour: \(browse.error ?? "\(browse.services.count) services, \(resolved) resolved") in \(String(format: "%.0f", browse.durationMs)) ms"
            )
        }
        for detail in report.detailDiscoveries {
            let found = detail.services.isEmpty ? "no services" : detail.services.joined(separator: ", ")
            print(
                "detail \(detail.target): \(detail.error ?? found) in \(String(format: "%.0f", detail.durationMs)) ms"
            )
        }
    }
}
