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
        var tags: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
        var tagCount = 0
        (etherType, payloadOffset) = try Self.walk(bytes) { tag in
            switch tagCount {
            case 0: tags.0 = tag
            case 1: tags.1 = tag
            case 2: tags.2 = tag
            default: tags.3 = tag
            }
            tagCount += 1
        }
        destination = bytes.mac(0)
        source = bytes.mac(6)
        self.tags = tags
        self.tagCount = tagCount
    }

    /// The type after any VLAN tags and where the payload starts, without building the
    /// addresses or the tag list: what capture analysis needs of every frame.
    ///
    /// - Throws: as `init(decoding:)`.
    @inline(__always)
    public static func payload(
        of bytes: UnsafeRawBufferPointer
    ) throws(WireDecodingError) -> (etherType: EtherType, offset: Int) {
        try walk(bytes) { _ in }
    }

    /// Walks the header's VLAN tags, handing each tag's VLAN ID to `tag`, to the type and the
    /// payload's offset.
    @inline(__always)
    private static func walk(
        _ bytes: UnsafeRawBufferPointer,
        tag: (UInt16) -> Void
    )
        throws(WireDecodingError) -> (etherType: EtherType, offset: Int)
    {
        try bytes.require(EthernetFrame.headerLength, .ethernet)
        var offset = 12
        var type = EtherType(rawValue: bytes.u16(offset))
        var count = 0
        while type == .vlan || type == .qinq {
            try bytes.require(offset + 6, .ethernet)
            guard count < maximumVLANTags else {
                throw .malformed(layer: .ethernet, reason: "more than four VLAN tags")
            }
            tag(bytes.u16(offset + 2) & 0x0FFF)
            count += 1
            offset += 4
            type = EtherType(rawValue: bytes.u16(offset))
        }
        return (type, offset + 2)
    }
}
