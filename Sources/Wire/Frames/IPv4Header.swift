/// An IPv4 header (RFC 791) decoded from borrowed bytes: the fields and where the options and
/// the payload lie, without holding the bytes.
///
/// `IPv4Packet` is this plus its option and payload slices; capture analysis reads the header
/// alone. The payload is cut to the header's total length, so Ethernet padding never counts.
public struct IPv4Header: Sendable, Equatable {
    public var typeOfService: UInt8
    /// Header length in bytes (IHL × 4); the options are bytes 20 up to it.
    public var headerLength: Int
    /// Total length in bytes, as declared in the header.
    public var totalLength: Int
    public var identification: UInt16
    public var dontFragment: Bool
    public var moreFragments: Bool
    /// Fragment offset in bytes.
    public var fragmentOffset: Int
    public var timeToLive: UInt8
    public var `protocol`: IPProtocol
    public var headerChecksum: UInt16
    public var source: IPv4Address
    public var destination: IPv4Address
    /// Payload bytes present: at most `totalLength - headerLength`, fewer when the capture cut them.
    public var payloadLength: Int
    /// True when fewer bytes were captured than the header declares.
    public var isTruncated: Bool

    /// Decodes the header at the start of `bytes`.
    ///
    /// - Throws: `truncated` when the header itself is incomplete; `malformed` for a version
    ///   other than 4, a header length below 20, or a total length smaller than the header.
    public init(decoding bytes: UnsafeRawBufferPointer) throws(WireDecodingError) {
        try bytes.require(IPv4Packet.minimumHeaderLength, .ipv4)
        let versionAndIHL = bytes.u8(0)
        guard versionAndIHL >> 4 == 4 else {
            throw .malformed(layer: .ipv4, reason: "version \(versionAndIHL >> 4), expected 4")
        }
        let ihl = Int(versionAndIHL & 0x0F) * 4
        guard ihl >= IPv4Packet.minimumHeaderLength else {
            throw .malformed(layer: .ipv4, reason: "header length \(ihl) is below 20")
        }
        try bytes.require(ihl, .ipv4)
        let total = Int(bytes.u16(2))
        guard total >= ihl else {
            throw .malformed(layer: .ipv4, reason: "total length \(total) is smaller than the header (\(ihl))")
        }
        typeOfService = bytes.u8(1)
        headerLength = ihl
        totalLength = total
        identification = bytes.u16(4)
        let flagsAndOffset = bytes.u16(6)
        dontFragment = flagsAndOffset & 0x4000 != 0
        moreFragments = flagsAndOffset & 0x2000 != 0
        fragmentOffset = Int(flagsAndOffset & 0x1FFF) * 8
        timeToLive = bytes.u8(8)
        `protocol` = IPProtocol(rawValue: bytes.u8(9))
        headerChecksum = bytes.u16(10)
        source = bytes.ipv4(12)
        destination = bytes.ipv4(16)
        payloadLength = min(bytes.count, total) - ihl
        isTruncated = bytes.count < total
    }

    /// Whether the checksum of the header at the start of `bytes` (`headerLength` of them)
    /// verifies (RFC 1071). Not part of decoding: capture analysis reads every frame's header and
    /// never this.
    public func isChecksumValid(in bytes: UnsafeRawBufferPointer) -> Bool {
        InternetChecksum.compute(UnsafeRawBufferPointer(rebasing: bytes[0..<headerLength])) == 0
    }
}
