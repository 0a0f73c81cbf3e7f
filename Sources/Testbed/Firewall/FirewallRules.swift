import Fixture

/// The nftables ruleset that gives a device its filtered ports and its ICMP silence.
///
/// Open and closed ports need no rule (a listening socket answers SYN/ACK, the kernel answers
/// RST); filtered ports are dropped silently in the device's own namespace, as a host firewall
/// would. The table is named `scanbench` and lives only in the device's namespace.
public enum FirewallRules {
    public static let tableName = "scanbench"

    /// The ruleset for `device`, or nil if it needs none.
    public static func ruleset(for device: Fixture.Device) -> String? {
        let tcp = device.tcpPorts
        var rules: [String] = []
        if !device.answersEcho {
            rules.append("icmp type echo-request drop")
        }
        switch tcp.defaultPolicy {
        case .closed:
            if !tcp.filteredPorts.isEmpty {
                rules.append(
                    "tcp dport { \(tcp.filteredPorts.sorted().map(String.init).joined(separator: ", ")) } drop"
                )
            }
        case .filtered:
            let reachable = (tcp.openPorts + tcp.closedPorts).sorted()
            if reachable.isEmpty {
                rules.append("meta l4proto tcp ct state new drop")
            } else {
                rules.append("tcp dport != { \(reachable.map(String.init).joined(separator: ", ")) } ct state new drop")
            }
        }
        guard !rules.isEmpty else { return nil }
        return """
            table inet \(tableName) {
              chain input {
                type filter hook input priority 0; policy accept;
            \(rules.map { "    " + $0 }.joined(separator: "\n"))
              }
            }

            """
    }
}
