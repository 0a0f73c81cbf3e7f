import AppInputs
import Fixture
import Testbed
import Wire
import TestbedPlatform

/// The user denied the app Local Network access (a script's `local_network: denied`): the
/// system then blocks the app's local traffic below every networking API. Apple: "These TCP and
/// UDP checks are done at the lowest levels of the system and thus apply to all networking
/// APIs" (Quinn, Local Network Privacy FAQ-2, forums thread 663874, now TN3179); what needs the
/// privilege: an outgoing TCP connection, a UDP unicast, multicast or broadcast sent, a UDP
/// multicast or broadcast received (FAQ-2's table). So the harness does it below every socket
/// too: an nftables table in the scanner's namespace, for the session only, that
///
/// - drops (`denied`: connects "silently time out, with no clear error", seed 003 line 110) or
///   refuses with host-unreachable (`denied_unreachable`: EHOSTUNREACH at once, as macOS reports
///   "No route to host") everything the namespace sends to the LAN's subnet;
/// - drops everything sent to a multicast or broadcast address, and everything multicast or
///   broadcast arriving (mDNS, SSDP answers to a multicast search included).
///
/// The app is not told: it cannot ask iOS either (TN3179: no API for the privilege's state), so
/// it sees only what its sockets see. Traffic to addresses outside the subnet (the internet, a
/// routed server) is not local and passes. The app is the only program in the scanner's
/// namespace during a session (the capture listens on its link before any filter), so the
/// table blocks the app and nothing else; it is removed when the session ends.
enum LocalNetworkDenial {
    static let table = "scanbench_local_network"

    /// The ruleset for `mode` on `subnet`, nil when the app is allowed. Traffic to the scanner's
    /// own address (`own`) is not the LAN's and passes: the host-unreachable a rejection hands
    /// back to the socket is addressed to it.
    static func ruleset(_ mode: SessionScript.LocalNetwork, subnet: IPv4Network, own: IPv4Address) -> String? {
        let unicast: String
        switch mode {
        case .allowed: return nil
        case .denied: unicast = "drop"
        case .deniedUnreachable: unicast = "reject with icmp type host-unreachable"
        }
        return """
            table ip \(table) {
              chain output {
                type filter hook output priority 0; policy accept;
                ip daddr \(own) accept
                ip daddr { 224.0.0.0/4, 255.255.255.255 } drop
                ip daddr \(subnet.broadcast) drop
                ip daddr \(subnet) \(unicast)
              }
              chain input {
                type filter hook input priority 0; policy accept;
                ip daddr { 224.0.0.0/4, 255.255.255.255, \(subnet.broadcast) } drop
              }
            }

            """
    }

    /// Installs the table in `namespace` (the scanner's, whose address is `own`) for `script`'s
    /// permission; returns whether it did.
    /// - Throws: `TestbedError` when nft fails.
    static func install(
        for script: SessionScript,
        subnet: IPv4Network,
        own: IPv4Address,
        namespace: String
    ) throws -> Bool {
        guard let rules = ruleset(script.localNetwork ?? .allowed, subnet: subnet, own: own) else { return false }
        try SystemTool.run(NetworkNamespace(namespace).command(["nft", "-f", "-"]), input: rules)
        // What the kernel learned of the LAN before the session is not the app's to read.
        try SystemTool.run(["ip", "-n", namespace, "neigh", "flush", "all"])
        return true
    }

    /// Removes the table from `namespace` (nothing when it is not there).
    static func remove(namespace: String) {
        SystemTool.attempt(NetworkNamespace(namespace).command(["nft", "delete", "table", "ip", table]))
    }
}
