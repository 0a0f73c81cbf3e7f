/// A TCP header (RFC 9293) and its payload.
public struct TCPSegment: Sendable, Equatable {
    /// Bytes in a header without options.
    public static let minimumHeaderLength = 20

    public var sourcePort: UInt16
    public var destinationPort: UInt16
    public var sequenceNumber: UInt32
    public var acknowledgmentNumber: UInt32
    /// Header length in bytes (data offset × 4).
    public var headerLength: Int
    public var flags: TCPFlags
    public var window: UInt16
    public var checksum: UInt16
    public var urgentPointer: UInt16
    public var options: ArraySlice<UInt8>
    public var payload: ArraySlice<UInt8>

    /// True for an initial SYN (SYN set, ACK clear).
    public var isSYN: Bool { flags.contains(.syn) && !flags.contains(.ack) }
    /// True for a SYN/ACK.
    public var isSYNACK: Bool { flags.contains(.syn) && flags.contains(.ack) }

    /// Decodes a TCP header from an IPv4 payload.
    ///
    /// - Throws: `truncated` when the fixed header or its options are cut short; `malformed`
    ///   for a data offset below 5.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        try bytes.require(Self.minimumHeaderLength, .tcp)
        let offset = Int(bytes.u8(12) >> 4) * 4
        guard offset >= Self.minimumHeaderLength else {
            throw .malformed(layer: .tcp, reason: "data offset \(offset) is below 20")
        }
        try bytes.require(offset, .tcp)
        sourcePort = bytes.u16(0)
        destinationPort = bytes.u16(2)
        sequenceNumber = bytes.u32(4)
        acknowledgmentNumber = bytes.u32(8)
        headerLength = offset
        flags = TCPFlags(rawValue: bytes.u16(12) & 0x01FF)
        window = bytes.u16(14)
        checksum = bytes.u16(16)
        urgentPointer = bytes.u16(18)
        options = bytes.sub(Self.minimumHeaderLength, offset - Self.minimumHeaderLength)
        payload = bytes.from(offset)
    }
}
