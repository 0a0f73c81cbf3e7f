/// An Ethernet II frame header and its payload.
///
/// 802.1Q and 802.1ad tags are skipped (their VLAN IDs are kept in `vlanTags`) so that
/// `etherType` is always the type of the payload. Frames whose type/length field is a length
/// (≤ 1500, IEEE 802.3 with LLC) are decoded with that value as `etherType`; callers treat them
/// as "other".
public struct EthernetFrame: Sendable, Equatable {
    /// Bytes in an untagged Ethernet header.
    public static let headerLength = 14

    public var destination: MACAddress
    public var source: MACAddress
    /// The payload's type after any VLAN tags.
    public var etherType: EtherType
    /// VLAN IDs of any 802.1Q/802.1ad tags, outermost first.
    public var vlanTags: [UInt16]
    /// The bytes after the header (including any trailing padding).
    public var payload: ArraySlice<UInt8>

    public init(
        destination: MACAddress,
        source: MACAddress,
        etherType: EtherType,
        vlanTags: [UInt16] = [],
        payload: ArraySlice<UInt8>
    ) {
        self.destination = destination
        self.source = source
        self.etherType = etherType
        self.vlanTags = vlanTags
        self.payload = payload
    }

    /// Decodes an Ethernet II header.
    ///
    /// - Parameter bytes: the frame as captured, starting at the destination address.
    /// - Throws: `WireDecodingError.truncated` when the header (or a VLAN tag) is cut short.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        let header = try bytes.decodeHeader { raw throws(WireDecodingError) in try EthernetHeader(decoding: raw) }
        destination = header.destination
        source = header.source
        etherType = header.etherType
        vlanTags = header.vlanTags
        payload = bytes.from(header.payloadOffset)
    }

    public init(decoding bytes: [UInt8]) throws(WireDecodingError) {
        try self.init(decoding: bytes[...])
    }
}
