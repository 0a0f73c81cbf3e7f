import Wire

/// Wire RTT statistics for one target, per probe kind (nanoseconds).
public struct TargetRTT: Sendable, Equatable, Codable {
    public var target: IPv4Address
    public var icmpEcho: RTTSummary?
    public var tcpSyn: RTTSummary?

    enum CodingKeys: String, CodingKey {
        case target
        case icmpEcho = "icmp_echo"
        case tcpSyn = "tcp_syn"
    }
}
