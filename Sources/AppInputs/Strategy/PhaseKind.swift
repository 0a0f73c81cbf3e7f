import AppContract

/// The six discovery phases a strategy can place in its pipeline.
public enum PhaseKind: String, Sendable, Codable, CaseIterable, StrategyChoice {
    case arp
    case bonjour
    case tcpProbe = "tcp_probe"
    case ssdp
    case icmpLatency = "icmp_latency"
    case reverseDNS = "reverse_dns"

    /// NetMonitor's phase id (`tcpProbe`, `icmpLatency`, `reverseDNS`, …).
    public var netMonitorID: String {
        switch self {
        case .arp: "arp"
        case .bonjour: "bonjour"
        case .tcpProbe: "tcpProbe"
        case .ssdp: "ssdp"
        case .icmpLatency: "icmpLatency"
        case .reverseDNS: "reverseDNS"
        }
    }

    /// NetMonitor's display name; its app maps these strings onto its UI phases.
    public var displayName: String {
        switch self {
        case .arp: "Scanning network…"
        case .bonjour: "Bonjour discovery…"
        case .tcpProbe: "Probing ports…"
        case .ssdp: "UPnP discovery…"
        case .icmpLatency: "Measuring latency…"
        case .reverseDNS: "Resolving names…"
        }
    }

    /// NetMonitor's progress weight (total 1.02 for the full pipeline).
    public var weight: Double {
        switch self {
        case .arp: 0.10
        case .bonjour: 0.13
        case .tcpProbe: 0.55
        case .ssdp: 0.06
        case .icmpLatency: 0.10
        case .reverseDNS: 0.08
        }
    }
}
