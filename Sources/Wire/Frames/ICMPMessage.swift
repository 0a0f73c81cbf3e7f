/// An ICMPv4 message (RFC 792): echo, destination unreachable, time exceeded, or any other type.
public struct ICMPMessage: Sendable, Equatable {
    /// Bytes in the fixed header (type, code, checksum, rest-of-header).
    public static let headerLength = 8

    /// What the message says, with the fields its type carries.
    public enum Kind: Sendable, Equatable {
        case echoRequest(identifier: UInt16, sequence: UInt16)
        case echoReply(identifier: UInt16, sequence: UInt16)
        /// Type 3; `quoted` is the offending datagram's header (nil when too short to decode).
        case destinationUnreachable(code: UInt8, quoted: ICMPQuotedDatagram?)
        /// Type 11; code 0 = TTL exceeded in transit, 1 = fragment reassembly time exceeded.
        case timeExceeded(code: UInt8, quoted: ICMPQuotedDatagram?)
        case other(type: UInt8, code: UInt8)

        /// What an ICMP message says, read from its bytes where they lie (the checksum is not
        /// checked and the body is not kept: what a capture's analysis needs of each message).
        ///
        /// - Throws: `truncated` below the 8-byte header.
        public init(decoding bytes: UnsafeRawBufferPointer) throws(WireDecodingError) {
            try bytes.require(ICMPMessage.headerLength, .icmp)
            let type = bytes.u8(0), code = bytes.u8(1)
            let body = UnsafeRawBufferPointer(rebasing: bytes[ICMPMessage.headerLength...])
            switch type {
            case 8: self = .echoRequest(identifier: bytes.u16(4), sequence: bytes.u16(6))
            case 0: self = .echoReply(identifier: bytes.u16(4), sequence: bytes.u16(6))
            case 3: self = .destinationUnreachable(code: code, quoted: try? ICMPQuotedDatagram(decoding: body))
            case 11: self = .timeExceeded(code: code, quoted: try? ICMPQuotedDatagram(decoding: body))
            default: self = .other(type: type, code: code)
            }
        }
    }

    public var type: UInt8
    public var code: UInt8
    public var checksum: UInt16
    public var kind: Kind
    /// Bytes after the 8-byte header (echo data, or the quoted datagram).
    public var body: ArraySlice<UInt8>
    /// True when the checksum over the whole message verifies.
    public var isChecksumValid: Bool

    /// The quoted datagram of an error message, if any.
    public var quoted: ICMPQuotedDatagram? {
        switch kind {
        case .destinationUnreachable(_, let quoted), .timeExceeded(_, let quoted): quoted
        default: nil
        }
    }

    /// Decodes an ICMP message from an IPv4 payload.
    ///
    /// A quoted datagram that cannot be decoded leaves `quoted` nil rather than failing the
    /// whole message: routers may quote less than RFC 792 asks.
    ///
    /// - Throws: `truncated` below the 8-byte header.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        kind = try bytes.decodeHeader(Kind.init(decoding:))
        type = bytes.u8(0)
        code = bytes.u8(1)
        checksum = bytes.u16(2)
        body = bytes.from(Self.headerLength)
        isChecksumValid = InternetChecksum.compute(bytes) == 0
    }
}
