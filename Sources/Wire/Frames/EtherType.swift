/// The 16-bit EtherType of an Ethernet II frame.
public struct EtherType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let ipv4 = EtherType(rawValue: 0x0800)
    public static let arp = EtherType(rawValue: 0x0806)
    public static let vlan = EtherType(rawValue: 0x8100)
    public static let qinq = EtherType(rawValue: 0x88A8)
    public static let ipv6 = EtherType(rawValue: 0x86DD)

    public var description: String {
        switch self {
        case .ipv4: "IPv4"
        case .arp: "ARP"
        case .ipv6: "IPv6"
        case .vlan: "802.1Q"
        default: "0x" + String(rawValue, radix: 16)
        }
    }
}
