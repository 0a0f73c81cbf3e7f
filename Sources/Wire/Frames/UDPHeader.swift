/// A UDP header (RFC 768) decoded from borrowed bytes: the ports, the declared length and where
/// the payload lies, without holding the bytes.
///
/// `UDPDatagram` is this plus its payload slice.
public struct UDPHeader: Sendable, Equatable {
    public var sourcePort: UInt16
    public var destinationPort: UInt16
    /// Declared length, header included.
    public var length: Int
    public var checksum: UInt16

    /// The payload: bytes 8 up to the declared length (trailing padding is not payload).
    public var payloadRange: Range<Int> { UDPDatagram.headerLength..<length }

    /// True when either port is `port`.
    public func involves(port: UInt16) -> Bool { sourcePort == port || destinationPort == port }

    /// Decodes the header at the start of `bytes` (the IPv4 payload).
    ///
    /// - Throws: `truncated` when the header or the declared length is cut short; `malformed`
    ///   for a declared length below 8.
    public init(decoding bytes: UnsafeRawBufferPointer) throws(WireDecodingError) {
        try bytes.require(UDPDatagram.headerLength, .udp)
        let declared = Int(bytes.u16(4))
        guard declared >= UDPDatagram.headerLength else {
            throw .malformed(layer: .udp, reason: "length \(declared) is below the 8-byte header")
        }
        try bytes.require(declared, .udp)
        sourcePort = bytes.u16(0)
        destinationPort = bytes.u16(2)
        length = declared
        checksum = bytes.u16(6)
    }
}
