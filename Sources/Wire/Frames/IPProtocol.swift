/// The IPv4 "protocol" field: which transport the payload carries.
public struct IPProtocol: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let icmp = IPProtocol(rawValue: 1)
    public static let igmp = IPProtocol(rawValue: 2)
    public static let tcp = IPProtocol(rawValue: 6)
    public static let udp = IPProtocol(rawValue: 17)

    public var description: String {
        switch self {
        case .icmp: "ICMP"
        case .igmp: "IGMP"
        case .tcp: "TCP"
        case .udp: "UDP"
        default: "proto \(rawValue)"
        }
    }
}
