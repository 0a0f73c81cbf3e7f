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
        try bytes.require(Self.headerLength, .udp)
        let declared = Int(bytes.u16(4))
        guard declared >= Self.headerLength else {
            throw .malformed(layer: .udp, reason: "length \(declared) is below the 8-byte header")
        }
        try bytes.require(declared, .udp)
        sourcePort = bytes.u16(0)
        destinationPort = bytes.u16(2)
        length = declared
        checksum = bytes.u16(6)
        payload = bytes.sub(Self.headerLength, declared - Self.headerLength)
    }
}
