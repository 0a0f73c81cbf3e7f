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
        let header = try bytes.decodeHeader { raw throws(WireDecodingError) in try IPv4Header(decoding: raw) }
        typeOfService = header.typeOfService
        headerLength = header.headerLength
        totalLength = header.totalLength
        identification = header.identification
        dontFragment = header.dontFragment
        moreFragments = header.moreFragments
        fragmentOffset = header.fragmentOffset
        timeToLive = header.timeToLive
        `protocol` = header.protocol
        headerChecksum = header.headerChecksum
        source = header.source
        destination = header.destination
        options = bytes.sub(Self.minimumHeaderLength, header.headerLength - Self.minimumHeaderLength)
        payload = bytes.sub(header.headerLength, header.payloadLength)
        isTruncated = header.isTruncated
        isHeaderChecksumValid = header.isHeaderChecksumValid
    }
}
