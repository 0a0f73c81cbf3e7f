/// Which technique saw a device. Finer than NetMonitor's `DeviceSource`, which lumps ARP, TCP
/// and PTR together as `local`; `netMonitorSource` gives NetMonitor's attribution.
public enum DeviceSource: String, Sendable, Codable, CaseIterable, Hashable {
    case arp, tcp, icmp, ptr, bonjour, ssdp

    /// What NetMonitor would have recorded.
    public var netMonitorSource: NetMonitorSource {
        switch self {
        case .arp, .tcp, .icmp, .ptr: .local
        case .bonjour: .bonjour
        case .ssdp: .ssdp
        }
    }
}

/// NetMonitor's own source values. `macCompanion` exists there for devices relayed by the Mac
/// app; this port has no companion, so nothing produces it, but results keep the full set.
public enum NetMonitorSource: String, Sendable, Codable, CaseIterable, Hashable {
    case local
    case macCompanion = "mac_companion"
    case bonjour, ssdp
}
