import CaptureFiles
import Wire

/// Reads the two older monitoring headers Linux drivers wrote before radiotap: Prism
/// (LINKTYPE_IEEE802_11_PRISM, 119) and AVS (LINKTYPE_IEEE802_11_AVS_RADIO, 163). Some drivers
/// write AVS headers under 119, so a 119 frame that starts with AVS's big-endian magic
/// (0x8021100x) is read as AVS, as libpcap and Wireshark do.
///
/// Prism: msgcode (LE32), msglen (LE32: the header's length, 144), device name (16), then ten
/// items of DID (4), status (2), length (2), data (4) in a fixed order: hosttime, mactime,
/// channel, rssi, sq, signal, noise, rate (500 kb/s units), istx, frmlen. The rate is read from
/// its fixed place (item 8) when its status says it is present (0).
///
/// AVS (version 1 and 2): version (BE32), length (BE32), mactime (8), hosttime (8), phytype (4),
/// channel (4), datarate (BE32, 100 kb/s units), antenna, priority, ssi type, signal, noise,
/// preamble (BE32: 1 short, 2 long), encoding (4).
public enum PrismHeader {
    /// Decodes a Prism header, or an AVS header written under the Prism link type.
    public static func decodePrism(_ bytes: UnsafeRawBufferPointer) throws(WireDecodingError) -> RadioInfo {
        guard bytes.count >= 8 else { throw .truncated(layer: .link, needed: 8, available: bytes.count) }
        if be32(bytes, 0) & 0xFFFF_FFF0 == 0x8021_1000 { return try decodeAVS(bytes) }
        let length = Int(RadiotapHeader.le32(bytes, 4))
        guard length >= 24 else {
            throw .malformed(layer: .link, reason: "Prism length \(length) is shorter than its fixed header")
        }
        guard length <= bytes.count else { throw .truncated(layer: .link, needed: length, available: bytes.count) }
        var info = RadioInfo()
        info.headerLength = length
        let rateItem = 24 + 7 * 12
        if rateItem + 12 <= length, RadiotapHeader.le16(bytes, rateItem + 4) == 0 {
            let rate = Int(RadiotapHeader.le32(bytes, rateItem + 8))
            if rate > 0, rate < 1_000 { info.legacyRate = rate }
        }
        return info
    }

    /// Decodes an AVS header.
    public static func decodeAVS(_ bytes: UnsafeRawBufferPointer) throws(WireDecodingError) -> RadioInfo {
        guard bytes.count >= 8 else { throw .truncated(layer: .link, needed: 8, available: bytes.count) }
        guard be32(bytes, 0) & 0xFFFF_FFF0 == 0x8021_1000 else {
            throw .malformed(layer: .link, reason: "AVS version 0x\(String(be32(bytes, 0), radix: 16)), not 0x8021100x")
        }
        let length = Int(be32(bytes, 4))
        guard length >= 8, length <= 4_096 else {
            throw .malformed(layer: .link, reason: "AVS length \(length) out of range")
        }
        guard length <= bytes.count else { throw .truncated(layer: .link, needed: length, available: bytes.count) }
        var info = RadioInfo()
        info.headerLength = length
        guard length >= 64 else { return info }
        info.tsft = UInt64(be32(bytes, 8)) << 32 | UInt64(be32(bytes, 12))
        // 100 kb/s units; 500 kb/s is what `legacyRate` counts, so only whole 500 kb/s steps.
        let rate = Int(be32(bytes, 32))
        if rate > 0, rate % 5 == 0, rate < 5_000 { info.legacyRate = rate / 5 }
        info.shortPreamble = be32(bytes, 56) == 1
        return info
    }

    static func be32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
