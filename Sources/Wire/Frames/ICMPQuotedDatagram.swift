/// The datagram an ICMP error quotes: its IPv4 header and the first eight bytes of its
/// transport header (ports, and for TCP the sequence number; for ICMP the echo id/sequence).
public struct ICMPQuotedDatagram: Sendable, Equatable {
    public var source: IPv4Address
    public var destination: IPv4Address
    public var `protocol`: IPProtocol
    public var identification: UInt16
    /// TCP/UDP source port (nil for other protocols).
    public var sourcePort: UInt16?
    /// TCP/UDP destination port (nil for other protocols).
    public var destinationPort: UInt16?
    /// TCP sequence number of the quoted segment (nil unless TCP).
    public var tcpSequenceNumber: UInt32?
    /// ICMP echo identifier and sequence of a quoted echo request (nil unless ICMP echo).
    public var echoIdentifier: UInt16?
    public var echoSequence: UInt16?

    /// Decodes the quoted header from an ICMP error body.
    ///
    /// - Throws: `truncated` when the IPv4 header or the eight transport bytes are missing;
    ///   `malformed` when the quoted header is not IPv4.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        self = try bytes.decodeHeader(Self.init(decoding:))
    }

    /// Decodes the quoted header from an ICMP error body, borrowed for the call.
    ///
    /// - Throws: `truncated` when the IPv4 header or the eight transport bytes are missing;
    ///   `malformed` when the quoted header is not IPv4.
    public init(decoding bytes: UnsafeRawBufferPointer) throws(WireDecodingError) {
        try bytes.require(IPv4Packet.minimumHeaderLength, .icmp)
        let versionAndIHL = bytes.u8(0)
        guard versionAndIHL >> 4 == 4 else {
            throw .malformed(layer: .icmp, reason: "quoted datagram is IP version \(versionAndIHL >> 4), expected 4")
        }
        let ihl = Int(versionAndIHL & 0x0F) * 4
        guard ihl >= IPv4Packet.minimumHeaderLength else {
            throw .malformed(layer: .icmp, reason: "quoted IPv4 header length \(ihl) is below 20")
        }
        try bytes.require(ihl + 8, .icmp)
        source = bytes.ipv4(12)
        destination = bytes.ipv4(16)
        `protocol` = IPProtocol(rawValue: bytes.u8(9))
        identification = bytes.u16(4)
        let transport = UnsafeRawBufferPointer(rebasing: bytes[ihl...])
        switch `protocol` {
        case .tcp:
            sourcePort = transport.u16(0)
            destinationPort = transport.u16(2)
            tcpSequenceNumber = transport.u32(4)
        case .udp:
            sourcePort = transport.u16(0)
            destinationPort = transport.u16(2)
        case .icmp where transport.u8(0) == 8:
            echoIdentifier = transport.u16(4)
            echoSequence = transport.u16(6)
        default:
            break
        }
    }
}
