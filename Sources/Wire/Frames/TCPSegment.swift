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
        let header = try bytes.decodeHeader { raw throws(WireDecodingError) in try TCPHeader(decoding: raw) }
        sourcePort = header.sourcePort
        destinationPort = header.destinationPort
        sequenceNumber = header.sequenceNumber
        acknowledgmentNumber = header.acknowledgmentNumber
        headerLength = header.headerLength
        flags = header.flags
        window = header.window
        checksum = header.checksum
        urgentPointer = header.urgentPointer
        options = bytes.sub(Self.minimumHeaderLength, header.headerLength - Self.minimumHeaderLength)
        payload = bytes.from(header.headerLength)
    }
}
