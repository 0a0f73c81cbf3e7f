/// A TCP header (RFC 9293) decoded from borrowed bytes: the fields and how much payload follows,
/// without holding the bytes.
///
/// `TCPSegment` is this plus its option and payload slices; capture analysis reads the header alone.
public struct TCPHeader: Sendable, Equatable {
    public var sourcePort: UInt16
    public var destinationPort: UInt16
    public var sequenceNumber: UInt32
    public var acknowledgmentNumber: UInt32
    /// Header length in bytes (data offset × 4); the options are bytes 20 up to it.
    public var headerLength: Int
    public var flags: TCPFlags
    public var window: UInt16
    public var checksum: UInt16
    public var urgentPointer: UInt16
    /// Payload bytes present after the header.
    public var payloadLength: Int

    /// SYN without ACK: a connection attempt.
    public var isSYN: Bool { flags.contains(.syn) && !flags.contains(.ack) }
    /// SYN with ACK: the answer of an open port.
    public var isSYNACK: Bool { flags.contains(.syn) && flags.contains(.ack) }

    /// Decodes the header at the start of `bytes` (the IPv4 payload).
    ///
    /// - Throws: `truncated` when the header is cut short; `malformed` for a data offset below 20.
    public init(decoding bytes: UnsafeRawBufferPointer) throws(WireDecodingError) {
        try bytes.require(TCPSegment.minimumHeaderLength, .tcp)
        let offset = Int(bytes.u8(12) >> 4) * 4
        guard offset >= TCPSegment.minimumHeaderLength else {
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
        payloadLength = bytes.count - offset
    }
}
