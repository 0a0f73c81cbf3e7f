import Fixture
import Wire

/// The gateway's real DNS server: dnsmasq serving A and PTR records for the fixture's names.
///
/// It answers only for names it holds; everything else gets NXDOMAIN locally and nothing is
/// forwarded, so no query leaves the emulated network.
public struct DnsmasqConfig: Sendable {
    public var fixture: Fixture

    public init(fixture: Fixture) { self.fixture = fixture }

    /// `/etc/hosts`-style lines: address, fully qualified name, short name.
    public var hostsFile: String {
        let domain = fixture.network.dnsDomain
        var lines: [String] = []
        for device in fixture.devices {
            guard let hostname = device.hostname else { continue }
            lines.append("\(device.ip) \(hostname).\(domain) \(hostname)")
        }
        for server in fixture.upstream?.servers ?? [] {
            lines.append("\(server.ip) \(server.hostname)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Command line for dnsmasq in the gateway namespace.
    public func arguments(hostsPath: String, pidPath: String, logPath: String) -> [String] {
        let domain = fixture.network.dnsDomain
        return [
            "dnsmasq", "--keep-in-foreground", "--no-resolv", "--no-hosts", "--no-poll",
            "--addn-hosts=\(hostsPath)", "--domain=\(domain)", "--expand-hosts", "--local=/#/",
            "--listen-address=\(fixture.network.gateway)", "--bind-interfaces", "--port=53",
            "--pid-file=\(pidPath)", "--log-facility=\(logPath)", "--log-queries", "--user=root", "--group=root",
            "--cache-size=0",
        ]
    }

    /// resolv.conf for the scanner namespace: the gateway is the resolver.
    public var resolvConf: String {
        "nameserver \(fixture.network.gateway)\nsearch \(fixture.network.dnsDomain)\noptions timeout:2 attempts:2\n"
    }
}
