/// The link-layer header type of a capture (pcap's LINKTYPE_/DLT_ values).
///
/// Analysis understands Ethernet, Linux cooked captures (v1 and v2, what `-i any` produces),
/// raw IPv4, BSD loopback and Apple's PKTAP (what `tcpdump -P` on a Mac's `rvi0` reads); a
/// capture file of any other type is refused by `CaptureFile` with the number, and frames of one
/// handed to the analyzer in memory are counted as "unsupported link type".
public enum LinkType: Sendable, Equatable, Hashable, CustomStringConvertible {
    case ethernet
    case linuxCooked
    case linuxCooked2
    case raw
    case null
    /// Apple's per-packet metadata header (interface, pid, process name) in front of a frame
    /// of another link type; see `PKTAPHeader`.
    case pktap
    case other(Int32)

    /// What analysis decodes, for error messages that must say what would have worked.
    public static let supportedSummary =
        "Ethernet (1), raw IP (101, 12, 14), BSD loopback (0), Linux cooked SLL (113) and SLL2 (276), Apple PKTAP (258, or 149 in files Apple's libpcap wrote)"

    /// Whether analysis can decode frames of this type.
    public var isSupported: Bool {
        if case .other = self { return false }
        return true
    }

    /// Maps a DLT value (as libpcap reports it) to a link type.
    public init(dlt: Int32) {
        switch dlt {
        case 1: self = .ethernet
        case 113: self = .linuxCooked
        case 276: self = .linuxCooked2
        case 12, 14, 101: self = .raw
        case 0: self = .null
        // 149 is DLT_USER2, which Apple's libpcap writes for PKTAP (it #defines LINKTYPE_PKTAP
        // to it); 258 is the registered LINKTYPE_PKTAP upstream libpcap writes.
        case 149, 258: self = .pktap
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
        case .pktap: 258
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
        case .pktap: "Apple PKTAP"
        case .other(let value): "DLT \(value)"
        }
    }
}
