import AppContract
import Foundation

extension AppOutput {
    /// One line per traceroute, DNS, WHOIS, host-monitor and certificate run of the session (the text output).
    static func printLookups(_ report: SessionReport) {
        for trace in report.traces {
            let hops = trace.hops.map { $0.address ?? "*" }.joined(separator: " → ")
            print(
                "trace \(trace.target) (\(trace.method)): \(trace.error ?? hops) in \(String(format: "%.0f", trace.durationMs)) ms"
            )
        }
        for lookup in report.dnsLookups {
            let answer = lookup.error ?? "\(lookup.status ?? "?") \(lookup.answers.joined(separator: ", "))"
            print("dns \(lookup.type) \(lookup.name): \(answer) in \(String(format: "%.0f", lookup.durationMs)) ms")
        }
        for lookup in report.whoisLookups {
            let servers = lookup.chain.map(\.server).joined(separator: " → ")
            print(
                "whois \(lookup.query): \(lookup.error ?? servers) in \(String(format: "%.0f", lookup.durationMs)) ms"
            )
        }
        for cert in report.certs {
            let said =
                cert.error ?? "\(cert.subject ?? "?") issued by \(cert.issuer ?? "?"), until \(cert.notAfter ?? "?")"
            print("cert \(cert.endpoint): \(said) in \(String(format: "%.0f", cert.durationMs)) ms")
        }
        for monitor in report.monitors {
            let changes = monitor.transitions.map { "\($0.host) \($0.from ?? "-")→\($0.to) (pass \($0.round))" }
            print(
                "monitor \(monitor.targets.joined(separator: " ")) (\(monitor.method), \(monitor.rounds) passes): "
                    + "\(monitor.error ?? changes.joined(separator: ", ")) in \(String(format: "%.0f", monitor.durationMs)) ms"
            )
        }
    }
}
