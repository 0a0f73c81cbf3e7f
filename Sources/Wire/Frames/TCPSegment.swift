/// A TCP header (RFC 9293) and its payload.
///
/// The header's fields read through to ``header`` (`segment.sourcePort`, `segment.flags`, …).
@dynamicMemberLookup
public struct TCPSegment: Sendable, Equatable {
    /// Bytes in a header without options.
    public static let minimumHeaderLength = 20

    /// The fixed header's fields, decoded by ``TCPHeader``.
    public var header: TCPHeader
    public var options: ArraySlice<UInt8>
    public var payload: ArraySlice<UInt8>

    /// True for an initial SYN (SYN set, ACK clear).
    public var isSYN: Bool { header.isSYN }
    /// True for a SYN/ACK.
    public var isSYNACK: Bool { header.isSYNACK }

    public subscript<Value>(dynamicMember field: WritableKeyPath<TCPHeader, Value>) -> Value {
        get { header[keyPath: field] }
        set { header[keyPath: field] = newValue }
    }

    /// Decodes a TCP header from an IPv4 payload.
    ///
    /// - Throws: `truncated` when the fixed header or its options are cut short; `malformed`
    ///   for a data offset below 5.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        header = try bytes.decodeHeader { raw throws(WireDecodingError) in try TCPHeader(decoding: raw) }
        options = bytes.sub(Self.minimumHeaderLength, header.headerLength - Self.minimumHeaderLength)
        payload = bytes.from(header.headerLength)
    }
}
