/// A UDP header (RFC 768) and its payload.
public struct UDPDatagram: Sendable, Equatable {
    /// Bytes in the header.
    public static let headerLength = 8

    public var sourcePort: UInt16
    public var destinationPort: UInt16
    /// Length of header plus payload, as declared.
    public var length: Int
    public var checksum: UInt16
    /// The payload, cut to the declared length.
    public var payload: ArraySlice<UInt8>

    /// True when either port is `port`.
    public func involves(port: UInt16) -> Bool { sourcePort == port || destinationPort == port }

    /// Decodes a UDP header from an IPv4 payload.
    ///
    /// - Throws: `truncated` when the header or the declared payload is cut short;
    ///   `malformed` when the declared length is below 8.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        let header = try bytes.decodeHeader { raw throws(WireDecodingError) in try UDPHeader(decoding: raw) }
        sourcePort = header.sourcePort
        destinationPort = header.destinationPort
        length = header.length
        checksum = header.checksum
        payload = bytes.sub(header.payloadRange.lowerBound, header.payloadRange.count)
    }
}
