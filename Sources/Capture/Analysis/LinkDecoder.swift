import Wire

/// Strips the link-layer header of a captured frame, whatever the capture's link type. Public so
/// other readers of capture files (the `Twin` module) decode frames the one way analysis does.
public enum LinkDecoder {
    /// The source address of pymobiledevice3's fake Ethernet header.
    static let fakeSource = MACAddress("be:ef:be:ef:be:ef")!
    /// The network-layer type and payload, or nil for a link type analysis does not know.
    ///
    /// - Throws: `WireDecodingError` (layer `ethernet` or `link`) when the header is cut short.
    public static func networkPayload(of bytes: ArraySlice<UInt8>, linkType: LinkType)
        throws(WireDecodingError) -> (EtherType, ArraySlice<UInt8>)? {
        switch linkType {
        case .ethernet:
            let frame = try EthernetFrame(decoding: bytes)
            // pymobiledevice3 puts a fake header (be:ef:be:ef:be:ef both ways) in front of the
            // phone's non-Ethernet packets and always says IPv4 there, IPv6 included.
            if frame.etherType == .ipv4, frame.payload.first.map({ $0 >> 4 == 6 }) == true, frame.source == fakeSource {
                return (.ipv6, frame.payload)
            }
            return (frame.etherType, frame.payload)
        case .linuxCooked:
            try bytes.requireLink(16)
            return (EtherType(rawValue: bytes.be16(14)), bytes.dropFirst(16))
        case .linuxCooked2:
            try bytes.requireLink(20)
            return (EtherType(rawValue: bytes.be16(0)), bytes.dropFirst(20))
        case .raw:
            try bytes.requireLink(1)
            let version = bytes[bytes.startIndex] >> 4
            return (version == 4 ? .ipv4 : version == 6 ? .ipv6 : EtherType(rawValue: 0), bytes)
        case .null:
            try bytes.requireLink(4)
            let i = bytes.startIndex
            let family = UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
            // The sender's AF_ value in its own byte order: AF_INET is 2 everywhere; AF_INET6 is
            // 24 (NetBSD, OpenBSD), 28 (FreeBSD) or 30 (macOS, iOS) — tcpdump's print-null.c and
            // the tcpdump.org LINKTYPE_NULL page list the same values.
            let families = [family, family.byteSwapped]
            if families.contains(2) { return (.ipv4, bytes.dropFirst(4)) }
            if families.contains(where: { [24, 28, 30].contains($0) }) { return (.ipv6, bytes.dropFirst(4)) }
            return (EtherType(rawValue: 0), bytes.dropFirst(4))
        case .pktap:
            // Apple's metadata header, then a frame of the link type it names (never PKTAP again).
            guard let inner = PKTAPHeader.inner(bytes) else {
                throw .truncated(layer: .link, needed: PKTAPHeader.minimumLength, available: bytes.count)
            }
            guard inner.linkType != .pktap else { return nil }
            return try networkPayload(of: bytes.dropFirst(inner.length), linkType: inner.linkType)
        case .other:
            return nil
        }
    }

    /// Whether the frame went to a link-layer group address (broadcast or multicast); nil when
    /// the link-layer header does not carry the destination (raw IP, BSD loopback) or is cut short.
    static func isGroupAddressed(_ bytes: ArraySlice<UInt8>, linkType: LinkType) -> Bool? {
        switch linkType {
        case .ethernet:
            // The I/G bit: the lowest bit of the destination MAC's first byte.
            return bytes.first.map { $0 & 1 == 1 }
        case .linuxCooked:
            // Packet type (big-endian u16 at 0): 1 broadcast, 2 multicast.
            guard bytes.count >= 2 else { return nil }
            return [1, 2].contains(bytes.be16(0))
        case .linuxCooked2:
            // Packet type (u8 at 10): 1 broadcast, 2 multicast.
            guard bytes.count >= 11 else { return nil }
            return [1, 2].contains(bytes[bytes.startIndex + 10])
        case .pktap:
            guard let inner = PKTAPHeader.inner(bytes), inner.linkType != .pktap else { return nil }
            return isGroupAddressed(bytes.dropFirst(inner.length), linkType: inner.linkType)
        case .raw, .null, .other:
            return nil
        }
    }
}

private extension ArraySlice where Element == UInt8 {
    func requireLink(_ needed: Int) throws(WireDecodingError) {
        if count < needed { throw .truncated(layer: .link, needed: needed, available: count) }
    }

    func be16(_ offset: Int) -> UInt16 {
        UInt16(self[startIndex + offset]) << 8 | UInt16(self[startIndex + offset + 1])
    }
}
