import CaptureFiles
import Wire

extension LinkDecoder {
    /// The frame's link-layer source MAC, where the header carries one: Ethernet (also inside
    /// PKTAP), Linux cooked SLL and SLL2 with a 6-byte address. Nil for raw IP and BSD loopback,
    /// and for pymobiledevice3's fake `be:ef:be:ef:be:ef` header, which names no station.
    public static func sourceMAC(of bytes: ArraySlice<UInt8>, linkType: LinkType) -> MACAddress? {
        let i = bytes.startIndex
        switch linkType {
        case .ethernet:
            guard bytes.count >= 14, let mac = MACAddress(bytes: bytes[(i + 6)..<(i + 12)]), mac != fakeSource else {
                return nil
            }
            return mac
        case .linuxCooked:
            // Address length (big-endian u16 at 4), address at 6.
            guard bytes.count >= 16, bytes[i + 4] == 0, bytes[i + 5] == 6 else { return nil }
            return MACAddress(bytes: bytes[(i + 6)..<(i + 12)])
        case .linuxCooked2:
            // Address length (u8 at 11), address at 12.
            guard bytes.count >= 20, bytes[i + 11] == 6 else { return nil }
            return MACAddress(bytes: bytes[(i + 12)..<(i + 18)])
        case .pktap:
            guard let inner = PKTAPHeader.inner(bytes), inner.linkType != .pktap else { return nil }
            return sourceMAC(of: bytes.dropFirst(inner.length), linkType: inner.linkType)
        case .ieee80211, .radiotap, .ppi, .prism, .avs:
            return bytes.withUnsafeBytes { raw in
                (try? WLANFrame(decoding: raw, linkType: linkType))?.sourceAddress(in: raw)
            }
        case .raw, .null, .other:
            return nil
        }
    }
}
