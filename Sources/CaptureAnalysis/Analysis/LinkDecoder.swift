import CaptureFiles
import Wire

/// Strips the link-layer header of a captured frame, whatever the capture's link type. Public so
/// other readers of capture files (the `Twin` module) decode frames the one way analysis does.
///
/// The decoding reads borrowed bytes (`UnsafeRawBufferPointer`), so the analysis of a capture
/// file decodes each frame where the reader's buffer holds it; the slice forms are the same decoding.
public enum LinkDecoder {
    /// The source address of pymobiledevice3's fake Ethernet header.
    static let fakeSource = MACAddress("be:ef:be:ef:be:ef")!

    /// The network-layer type and payload, or nil for a link type analysis does not know.
    ///
    /// - Throws: `WireDecodingError` (layer `ethernet` or `link`) when the header is cut short.
    public static func networkPayload(
        of bytes: ArraySlice<UInt8>,
        linkType: LinkType
    )
        throws(WireDecodingError) -> (EtherType, ArraySlice<UInt8>)?
    {
        let found = bytes.withUnsafeBytes { raw in
            Result { () throws(WireDecodingError) in try networkPayload(of: raw, linkType: linkType) }
        }
        return try found.get().map { ($0.type, bytes.dropFirst($0.offset)) }
    }

    /// The network-layer type and where its payload starts in `bytes`, or nil for a link type
    /// analysis does not know.
    ///
    /// - Throws: `WireDecodingError` (layer `ethernet` or `link`) when the header is cut short.
    public static func networkPayload(
        of bytes: UnsafeRawBufferPointer,
        linkType: LinkType
    )
        throws(WireDecodingError) -> (type: EtherType, offset: Int)?
    {
        switch linkType {
        case .ethernet:
            let (type, offset) = try EthernetHeader.payload(of: bytes)
            // pymobiledevice3 puts a fake header (be:ef:be:ef:be:ef both ways) in front of the
            // phone's non-Ethernet packets and always says IPv4 there, IPv6 included.
            if type == .ipv4, offset < bytes.count, bytes[offset] >> 4 == 6,
                try EthernetHeader(decoding: bytes).source == fakeSource
            {
                return (.ipv6, offset)
            }
            return (type, offset)
        case .linuxCooked:
            try requireLink(bytes, 16)
            return (EtherType(rawValue: be16(bytes, 14)), 16)
        case .linuxCooked2:
            try requireLink(bytes, 20)
            return (EtherType(rawValue: be16(bytes, 0)), 20)
        case .raw:
            try requireLink(bytes, 1)
            let version = bytes[0] >> 4
            return (version == 4 ? .ipv4 : version == 6 ? .ipv6 : EtherType(rawValue: 0), 0)
        case .null:
            try requireLink(bytes, 4)
            let family = UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self))
            // The sender's AF_ value in its own byte order: AF_INET is 2 everywhere; AF_INET6 is
            // 24 (NetBSD, OpenBSD), 28 (FreeBSD) or 30 (macOS, iOS) — tcpdump's print-null.c and
            // the tcpdump.org LINKTYPE_NULL page list the same values.
            let swapped = family.byteSwapped
            if family == 2 || swapped == 2 { return (.ipv4, 4) }
            let inet6: (UInt32) -> Bool = { $0 == 24 || $0 == 28 || $0 == 30 }
            if inet6(family) || inet6(swapped) { return (.ipv6, 4) }
            return (EtherType(rawValue: 0), 4)
        case .pktap:
            // Apple's metadata header, then a frame of the link type it names (never PKTAP again).
            guard let inner = PKTAPHeader.inner(bytes) else {
                throw .truncated(layer: .link, needed: PKTAPHeader.minimumLength, available: bytes.count)
            }
            guard inner.linkType != .pktap,
                let found = try networkPayload(
                    of: UnsafeRawBufferPointer(rebasing: bytes[inner.length...]),
                    linkType: inner.linkType
                )
            else { return nil }
            return (found.type, inner.length + found.offset)
        case .ieee80211, .radiotap, .ppi, .prism, .avs:
            // Only unprotected data frames with LLC/SNAP carry a packet; the rest name none.
            return try WLANFrame(decoding: bytes, linkType: linkType).payload
        case .other:
            return nil
        }
    }

    /// Whether the frame went to a link-layer group address (broadcast or multicast); nil when
    /// the link-layer header does not carry the destination (raw IP, BSD loopback) or is cut short.
    static func isGroupAddressed(_ bytes: UnsafeRawBufferPointer, linkType: LinkType) -> Bool? {
        switch linkType {
        case .ethernet:
            // The I/G bit: the lowest bit of the destination MAC's first byte.
            return bytes.first.map { $0 & 1 == 1 }
        case .linuxCooked:
            // Packet type (big-endian u16 at 0): 1 broadcast, 2 multicast.
            guard bytes.count >= 2 else { return nil }
            return [1, 2].contains(be16(bytes, 0))
        case .linuxCooked2:
            // Packet type (u8 at 10): 1 broadcast, 2 multicast.
            guard bytes.count >= 11 else { return nil }
            return [1, 2].contains(bytes[10])
        case .pktap:
            guard let inner = PKTAPHeader.inner(bytes), inner.linkType != .pktap else { return nil }
            return isGroupAddressed(UnsafeRawBufferPointer(rebasing: bytes[inner.length...]), linkType: inner.linkType)
        case .ieee80211, .radiotap, .ppi, .prism, .avs:
            // The receiver address (address 1)'s I/G bit.
            return (try? WLANFrame(decoding: bytes, linkType: linkType))?.receiver.map(\.isMulticast)
        case .raw, .null, .other:
            return nil
        }
    }

    private static func requireLink(_ bytes: UnsafeRawBufferPointer, _ needed: Int) throws(WireDecodingError) {
        if bytes.count < needed { throw .truncated(layer: .link, needed: needed, available: bytes.count) }
    }

    private static func be16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
        UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }
}
