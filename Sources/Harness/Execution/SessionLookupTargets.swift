import Fixture
import Wire

/// What a session's traceroute, DNS and WHOIS actions are pointed at, chosen from the ground truth
/// and passed to the app as `--target NAME=VALUE` (the app never reads the fixture):
/// `$trace_target`, `$dns_name`, `$whois_query`, `$whois_server`, and the host monitor's
/// `$down_target` and the certificate check's `$tls_endpoint`.
struct SessionLookupTargets: Sendable {
    var truth: GroundTruth

    static let names = ["trace_target", "dns_name", "whois_query", "whois_server", "down_target", "tls_endpoint"]

    /// The first device's first TLS port (`http` with `tls: true`), as `ADDRESS:PORT`.
    var tlsEndpoint: String? {
        truth.devices.sorted { $0.device.ip < $1.device.ip }.lazy.compactMap { entry in
            (entry.device.http ?? []).first { $0.tls == true }.map { "\(entry.device.ip):\($0.port)" }
        }.first
    }

    /// The highest host address of the LAN that no device, gateway or scanner has: a host the
    /// monitor must report down.
    var downTarget: String? {
        let taken = Set(truth.devices.map(\.device.ip) + [truth.gateway, truth.scanner.ip])
        return truth.subnet.hosts.reversed().first { !taken.contains($0) }?.description
    }

    /// The first server beyond the routers: a path of routers and the gateway to trace.
    var traceTarget: String? { truth.servers.first?.ip.description }

    /// The gateway's name in the LAN's domain (dnsmasq serves it), else the first device's.
    var dnsName: String? {
        truth.devices.first { $0.device.ip == truth.gateway && $0.fqdn != nil }?.fqdn
            ?? truth.devices.lazy.compactMap(\.fqdn).first
    }

    /// The server that refers onwards (the testbed's IANA): where NetMonitor's map starts.
    var whoisServer: String? { truth.servers.first { ($0.whois ?? []).contains { $0.refer != nil } }?.hostname }

    /// The first domain some server answers with text (netmonitor.example on home).
    var whoisQuery: String? {
        truth.servers.lazy.flatMap { $0.whois ?? [] }.first {
            $0.text != nil && $0.query.contains(".") && !$0.query.contains("/")
        }?.query
    }

    /// The value a script variable names; nil for an unknown name or a fixture without one.
    func value(named name: String) -> String? {
        switch name {
        case "trace_target": traceTarget
        case "dns_name": dnsName
        case "whois_query": whoisQuery
        case "whois_server": whoisServer
        case "down_target": downTarget
        case "tls_endpoint": tlsEndpoint
        default: nil
        }
    }
}
