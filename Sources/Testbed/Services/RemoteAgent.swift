import Fixture
import TestbedPlatform

/// The remote-segment counterpart of ``DeviceAgent``: WHOIS and open ports of an upstream server.
public enum RemoteAgent {
    /// Starts the server's WHOIS service and `tcp_open` ports and serves until killed.
    /// - Parameters:
    ///   - fixture: the loaded fixture.
    ///   - serverName: the `name` of one of `upstream.servers`.
    /// - Throws: ``DeviceAgentError`` when there is no such server, ``DeviceServicesError``
    ///   when a service cannot start.
    public static func run(fixture: Fixture, serverName: String) throws -> Never {
        let servers = fixture.upstream?.servers ?? []
        guard let server = servers.first(where: { $0.name == serverName }) else {
            throw DeviceAgentError(
                message: "fixture '\(fixture.name)' has no upstream server named '\(serverName)'",
                fix: servers.isEmpty
                    ? "add upstream.servers to the fixture"
                    : "use one of: \(servers.map(\.name).joined(separator: ", "))"
            )
        }
        ProcessSignals.ignoreBrokenPipes()
        let services = try DeviceServices.start(server: server)
        ServiceLog.write("\(server.name) (\(server.ip)) serving: \(services.summary.joined(separator: "; "))")
        DeviceAgent.serveForever(services)
    }
}
