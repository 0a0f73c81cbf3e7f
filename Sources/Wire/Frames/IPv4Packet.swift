/// An IPv4 header (RFC 791) and its payload.
///
/// The payload is cut to the header's total length, so Ethernet padding never leaks into the
/// transport layer. A buffer shorter than the total length (a short snap length) decodes, with
/// `isTruncated` set and the payload holding what was captured; transports then report their own
/// truncation.
public struct IPv4Packet: Sendable, Equatable {
    /// Bytes in a header without options.
    public static let minimumHeaderLength = 20

    public var typeOfService: UInt8
    /// Header length in bytes (IHL × 4).
    public var headerLength: Int
    /// Total length in bytes, as declared in the header.
    public var totalLength: Int
    public var identification: UInt16
    /// Don't-fragment flag.
    public var dontFragment: Bool
    /// More-fragments flag.
    public var moreFragments: Bool
    /// Fragment offset in bytes.
    public var fragmentOffset: Int
    public var timeToLive: UInt8
    public var `protocol`: IPProtocol
    public var headerChecksum: UInt16
    public var source: IPv4Address
    public var destination: IPv4Address
    /// Option bytes between the fixed header and the payload.
    public var options: ArraySlice<UInt8>
    /// The payload, at most `totalLength - headerLength` bytes.
    public var payload: ArraySlice<UInt8>
    /// True when fewer bytes were captured than the header declares.
    public var isTruncated: Bool
    /// True when the header checksum verifies (RFC 1071).
    public var isHeaderChecksumValid: Bool

    /// True for any fragment (first or later); only the first carries the transport header.
    public var isFragment: Bool { moreFragments || fragmentOffset != 0 }

    /// Decodes an IPv4 header.
    ///
    /// - Throws: `truncated` when the header itself is incomplete; `malformed` for a version
    ///   other than 4, a header length below 20, or a total length smaller than the header.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        try bytes.require(Self.minimumHeaderLength, .ipv4)
        let versionAndIHL = bytes.u8(0)
        guard versionAndIHL >> 4 == 4 else {
            throw .malformed(layer: .ipv4, reason: "version \(versionAndIHL >> 4), expected 4")
        }
        let ihl = Int(versionAndIHL & 0x0F) * 4
        guard ihl >= Self.minimumHeaderLength else {
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
        options = bytes.sub(Self.minimumHeaderLength, ihl - Self.minimumHeaderLength)
        let available = min(bytes.count, total)
        payload = bytes.sub(ihl, available - ihl)
        isTruncated = bytes.count < total
        isHeaderChecksumValid = InternetChecksum.compute(bytes.sub(0, ihl)) == 0
    }
}
