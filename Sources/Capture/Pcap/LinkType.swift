/// The link-layer header type of a capture (pcap's LINKTYPE_/DLT_ values).
///
/// Analysis understands Ethernet, Linux cooked captures (v1 and v2, what `-i any` produces),
/// raw IPv4 and BSD loopback; anything else is counted as "unsupported link type".
public enum LinkType: Sendable, Equatable, Hashable, CustomStringConvertible {
    case ethernet
    case linuxCooked
    case linuxCooked2
    case raw
    case null
    case other(Int32)

    /// Maps a DLT value (as libpcap reports it) to a link type.
    public init(dlt: Int32) {
        switch dlt {
        case 1: self = .ethernet
        case 113: self = .linuxCooked
        case 276: self = .linuxCooked2
        case 12, 14, 101: self = .raw
        case 0: self = .null
        default: self = .other(dlt)
        }
    }

    /// The LINKTYPE_ value written in pcap file headers.
    public var fileValue: UInt32 {
        switch self {
        case .ethernet: 1
        case .linuxCooked: 113
        case .linuxCooked2: 276
        case .raw: 101
        case .null: 0
        case .other(let value): UInt32(bitPattern: value)
        }
    }

    public var description: String {
        switch self {
        case .ethernet: "Ethernet"
        case .linuxCooked: "Linux cooked (SLL)"
        case .linuxCooked2: "Linux cooked v2 (SLL2)"
        case .raw: "raw IP"
        case .null: "BSD loopback"
        case .other(let value): "DLT \(value)"
        }
    }
}
