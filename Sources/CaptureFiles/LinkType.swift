/// The link-layer header type of a capture (pcap's LINKTYPE_/DLT_ values).
///
/// Analysis understands Ethernet, Linux cooked captures (v1 and v2, what `-i any` produces),
/// raw IP (also LINKTYPE_IPV4/IPV6), BSD loopback, Apple's PKTAP (what `tcpdump -P` on a Mac's
/// `rvi0` reads) and 802.11 with or without a radio header (radiotap, PPI, Prism, AVS: what a
/// monitor-mode capture next to the phone reads); a
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
    /// 802.11 frames without a radio header (LINKTYPE_IEEE802_11, 105).
    case ieee80211
    /// 802.11 behind a radiotap header (127): what Linux and macOS monitor mode write.
    case radiotap
    /// 802.11 behind a CACE Per-Packet Information header (192).
    case ppi
    /// 802.11 behind a Prism monitoring header (119); some drivers write an AVS header here.
    case prism
    /// 802.11 behind an AVS monitoring header (163).
    case avs
    case other(Int32)

    /// What analysis decodes, for error messages that must say what would have worked.
    public static let supportedSummary =
        "Ethernet (1), raw IP (101, 12, 14, 228, 229), BSD loopback (0), Linux cooked SLL (113) and SLL2 (276), Apple PKTAP (258, or 149 in files Apple's libpcap wrote), 802.11 (105), 802.11 with radiotap (127), PPI (192), Prism (119) or AVS (163)"

    /// Whether analysis can decode frames of this type.
    public var isSupported: Bool {
        if case .other = self { return false }
        return true
    }

    /// Whether frames of this type are 802.11, with or without a radio header (`WLANFrame`).
    public var isWireless: Bool {
        switch self {
        case .ieee80211, .radiotap, .ppi, .prism, .avs: true
        default: false
        }
    }

    /// Maps a DLT value (as libpcap reports it) to a link type.
    public init(dlt: Int32) {
        switch dlt {
        case 1: self = .ethernet
        case 113: self = .linuxCooked
        case 276: self = .linuxCooked2
        // 228 and 229 are LINKTYPE_IPV4 and LINKTYPE_IPV6: raw IP whose version the link type
        // states; the version nibble says the same, so they decode as raw IP.
        case 12, 14, 101, 228, 229: self = .raw
        case 0: self = .null
        // 149 is DLT_USER2, which Apple's libpcap writes for PKTAP (it #defines LINKTYPE_PKTAP
        // to it); 258 is the registered LINKTYPE_PKTAP upstream libpcap writes.
        case 149, 258: self = .pktap
        case 105: self = .ieee80211
        case 127: self = .radiotap
        case 192: self = .ppi
        case 119: self = .prism
        case 163: self = .avs
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
        case .ieee80211: 105
        case .radiotap: 127
        case .ppi: 192
        case .prism: 119
        case .avs: 163
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
        case .ieee80211: "802.11"
        case .radiotap: "802.11 radiotap"
        case .ppi: "802.11 PPI"
        case .prism: "802.11 Prism"
        case .avs: "802.11 AVS"
        case .other(let value): "DLT \(value)"
        }
    }
}
