/// An Ethernet II header (with up to four 802.1Q/802.1ad tags) decoded from borrowed bytes: the
/// fields and where the payload starts, without holding the bytes.
///
/// `EthernetFrame` is this plus its payload slice; capture analysis reads the header alone.
public struct EthernetHeader: Sendable {
    /// At most this many VLAN tags; a fifth is malformed.
    public static let maximumVLANTags = 4

    public var destination: MACAddress
    public var source: MACAddress
    /// The type after any VLAN tags.
    public var etherType: EtherType
    /// Offset of the payload from the start of the frame (14, plus 4 per VLAN tag).
    public var payloadOffset: Int
    private var tags: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
    private var tagCount = 0

    /// The VLAN IDs, outermost first.
    public var vlanTags: [UInt16] { tagCount == 0 ? [] : Array([tags.0, tags.1, tags.2, tags.3].prefix(tagCount)) }

    /// Decodes the header at the start of `bytes`.
    ///
    /// - Throws: `truncated` when the header or a tag is cut short; `malformed` past four tags.
    public init(decoding bytes: UnsafeRawBufferPointer) throws(WireDecodingError) {
        try bytes.require(EthernetFrame.headerLength, .ethernet)
        destination = bytes.mac(0)
        source = bytes.mac(6)
        var offset = 12
        var type = EtherType(rawValue: bytes.u16(offset))
        while type == .vlan || type == .qinq {
            try bytes.require(offset + 6, .ethernet)
            let tag = bytes.u16(offset + 2) & 0x0FFF
            switch tagCount {
            case 0: tags.0 = tag
            case 1: tags.1 = tag
            case 2: tags.2 = tag
            case 3: tags.3 = tag
            default: throw .malformed(layer: .ethernet, reason: "more than four VLAN tags")
            }
            tagCount += 1
            offset += 4
            type = EtherType(rawValue: bytes.u16(offset))
        }
        etherType = type
        payloadOffset = offset + 2
    }
}
