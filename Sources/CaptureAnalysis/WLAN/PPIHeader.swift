import CaptureFiles
import Wire

/// Reads a CACE Per-Packet Information header (LINKTYPE_PPI, 192; the "PPI Header Format"
/// specification 1.0.10): version, flags, length (LE16) and the inner DLT (LE32), then fields of
/// type (LE16), length (LE16) and data. The 802.11-Common field (type 2) gives the TSF, flags
/// (0x0001 FCS present, 0x0004 FCS invalid), rate (500 kb/s units) and channel; 802.11n MAC+PHY
/// (type 4) the MCS, width (flag 0x02: 40 MHz) and guard interval (flag 0x04: short).
///
/// Only 802.11 inner frames (DLT 105) are decoded; any other inner DLT is refused.
public enum PPIHeader {
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(WireDecodingError) -> RadioInfo {
        guard bytes.count >= 8 else { throw .truncated(layer: .link, needed: 8, available: bytes.count) }
        let length = Int(RadiotapHeader.le16(bytes, 2))
        let dlt = RadiotapHeader.le32(bytes, 4)
        guard bytes[0] == 0 else {
            throw .malformed(layer: .link, reason: "PPI version \(bytes[0]), only 0 is defined")
        }
        guard length >= 8 else {
            throw .malformed(layer: .link, reason: "PPI length \(length) is shorter than its fixed header")
        }
        guard length <= bytes.count else { throw .truncated(layer: .link, needed: length, available: bytes.count) }
        guard dlt == 105 else {
            throw .malformed(layer: .link, reason: "PPI carries DLT \(dlt); only 802.11 (105) is decoded")
        }
        var info = RadioInfo()
        info.headerLength = length
        var offset = 8
        while offset + 4 <= length {
            let type = RadiotapHeader.le16(bytes, offset)
            let size = Int(RadiotapHeader.le16(bytes, offset + 2))
            let start = offset + 4
            guard start + size <= length else { break }
            let field = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + size)])
            switch type {
            case 2 where size >= 20: common(field, into: &info)
            case 4 where size >= 10: macPHY(field, into: &info)
            default: break
            }
            offset = start + size
        }
        return info
    }

    /// 802.11-Common: TSF (8), flags (2), rate (2), channel frequency (2), channel flags (2), ….
    private static func common(_ field: UnsafeRawBufferPointer, into info: inout RadioInfo) {
        info.tsft = UInt64(RadiotapHeader.le32(field, 0)) | UInt64(RadiotapHeader.le32(field, 4)) << 32
        let flags = RadiotapHeader.le16(field, 8)
        info.hasFCS = flags & 0x0001 != 0
        info.badFCS = flags & 0x0004 != 0
        let rate = Int(RadiotapHeader.le16(field, 10))
        if rate > 0 { info.legacyRate = rate }
        let frequency = Int(RadiotapHeader.le16(field, 12))
        if frequency > 0 { info.channelMHz = frequency }
    }

    /// 802.11n MAC+PHY: flags (4), A-MPDU id (4), delimiters (1), MCS (1), streams (1), ….
    private static func macPHY(_ field: UnsafeRawBufferPointer, into info: inout RadioInfo) {
        let flags = RadiotapHeader.le32(field, 0)
        let index = Int(field[9])
        guard index < 32 else { return }
        info.mcs = MCSInfo(
            phy: .ht,
            index: index,
            streams: index / 8 + 1,
            bandwidthMHz: flags & 0x02 != 0 ? 40 : 20,
            guardIntervalNs: flags & 0x04 != 0 ? 400 : 800
        )
    }
}
