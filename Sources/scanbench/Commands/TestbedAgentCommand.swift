import ArgumentParser
import Fixture
import Foundation
import Testbed
import TestbedPlatform
import Wire

/// `scanbench testbed agent` (internal): the service process of one device, started by the
/// testbed inside the device's namespace.
struct TestbedAgentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agent",
        abstract: "Run one device's services (internal: started by 'testbed up' inside the device's namespace).",
        shouldDisplay: false
    )

    @Option(help: "The testbed's fixture, as JSON.")
    var fixture: String

    @Option(help: "Serve this LAN device.")
    var device: String?

    @Option(help: "Serve this upstream server.")
    var server: String?

    @Option(help: "The device's drawn hostile answers, e.g. 'mdns truncated, http oversized'.")
    var hostile: String?

    @Option(help: "Serve the device on this address (its return on a new address) instead of the fixture's.")
    var address: String?

    func run() throws {
        ProcessSignals.deliverOnParentDeath(SIGKILL)
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture))
        var loaded = try JSONDecoder().decode(Fixture.self, from: data)
        if let address, let device {
            guard let ip = IPv4Address(address), let index = loaded.devices.firstIndex(where: { $0.name == device })
            else { throw ValidationError("--address '\(address)': write the device's new IPv4 address") }
            loaded.devices[index].ip = ip
        }
        if let device {
            var options = DeviceServices.Options()
            // Wake-on-LAN logs live with the testbed's state, so 'testbed down' removes them.
            options.wakeOnLANDirectory =
                URL(fileURLWithPath: fixture).deletingLastPathComponent().appendingPathComponent("wol").path
            if let hostile {
                guard let kinds = Fixture.Hostile.parse(hostile) else {
                    throw ValidationError("--hostile '\(hostile)': write 'PROTOCOL KIND, …', e.g. 'mdns truncated'")
                }
                options.hostile = kinds
            }
            // The gateway's TCP 53 belongs to dnsmasq.
            if loaded.devices.first(where: { $0.name == device })?.ip == loaded.network.gateway {
                options.portsServedElsewhere = [53]
            }
            try DeviceAgent.run(fixture: loaded, deviceName: device, options: options)
        } else if let server {
            try RemoteAgent.run(fixture: loaded, serverName: server)
        } else {
            throw ValidationError("give --device or --server")
        }
    }
}
