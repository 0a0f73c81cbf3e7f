/// An IPv4 header (RFC 791) and its payload.
///
/// The payload is cut to the header's total length, so Ethernet padding never leaks into the
/// transport layer. A buffer shorter than the total length (a short snap length) decodes, with
/// `isTruncated` set and the payload holding what was captured; transports then report their own
/// truncation.
///
/// The header's fields read through to ``header`` (`packet.source`, `packet.timeToLive`, …).
@dynamicMemberLookup
public struct IPv4Packet: Sendable, Equatable {
    /// Bytes in a header without options.
    public static let minimumHeaderLength = 20

    /// The fixed header's fields, decoded by ``IPv4Header``.
    public var header: IPv4Header
    /// Option bytes between the fixed header and the payload.
    public var options: ArraySlice<UInt8>
    /// The payload, at most `totalLength - headerLength` bytes.
    public var payload: ArraySlice<UInt8>
    /// True when the header checksum verifies (RFC 1071).
    public var isHeaderChecksumValid: Bool

    /// True for any fragment (first or later); only the first carries the transport header.
    public var isFragment: Bool { header.moreFragments || header.fragmentOffset != 0 }

    public subscript<Value>(dynamicMember field: WritableKeyPath<IPv4Header, Value>) -> Value {
        get { header[keyPath: field] }
        set { header[keyPath: field] = newValue }
    }

    /// Decodes an IPv4 header.
    ///
    /// - Throws: `truncated` when the header itself is incomplete; `malformed` for a version
    ///   other than 4, a header length below 20, or a total length smaller than the header.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        header = try bytes.decodeHeader { raw throws(WireDecodingError) in try IPv4Header(decoding: raw) }
        options = bytes.sub(Self.minimumHeaderLength, header.headerLength - Self.minimumHeaderLength)
        payload = bytes.sub(header.headerLength, header.payloadLength)
        let header = header
        isHeaderChecksumValid = bytes.withUnsafeBytes { header.isChecksumValid(in: $0) }
    }
}
