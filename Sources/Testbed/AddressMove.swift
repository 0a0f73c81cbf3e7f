import Fixture
import Foundation
import Spawn
import TestbedPlatform
import Wire

/// A device that comes back from a `leave` on a new address (`new_address: true`), as the
/// controller carries it out when the switch publishes the return (`PathEventRecord.newAddressKind`):
/// the device's namespace gets the new address in place of the old, its routes again, its agent is
/// started again on the new address (so that its mDNS and SSDP answers carry it), and the gateway's
/// DNS names it (the hosts file rewritten, dnsmasq told with SIGHUP). The testbed serves no DHCP,
/// so this is what a DHCP client taking a new lease on its return would leave behind, without
/// the DHCP exchange on the wire.
struct AddressMove: Sendable {
    var device: String
    var namespace: String
    var from: IPv4Address
    var to: IPv4Address
    var prefixLength: Int
    var routes: [TestbedPlan.Route]
    /// The command that starts the device's agent on `to`; nil when the device has none.
    var agent: [String]?
    /// Where the agent writes its log (appended to).
    var log: String

    /// The `ip -batch` input that moves the address: the new one first (secondaries promoted, so
    /// that removing the old primary keeps it), then the old one removed and the routes restored.
    var ipBatch: String {
        var batch = "addr add \(to)/\(prefixLength) dev eth0\n"
        batch += "addr del \(from)/\(prefixLength) dev eth0\n"
        batch += routes.map { "route replace \($0.destination) via \($0.via)\n" }.joined()
        return batch
    }

    /// Moves the address in the namespace (see ``ipBatch``).
    /// - Throws: `TestbedError` when `sysctl` or `ip` fails.
    func moveAddress() throws {
        let namespace = NetworkNamespace(namespace)
        _ = try SystemTool.run(namespace.command(["sysctl", "-qw", "net.ipv4.conf.eth0.promote_secondaries=1"]))
        _ = try SystemTool.run(["ip", "-n", self.namespace, "-batch", "-"], input: ipBatch)
    }
}
