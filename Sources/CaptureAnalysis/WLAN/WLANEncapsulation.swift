import CaptureFiles

/// Re-encapsulates an Ethernet frame as a monitor-mode capture next to the sender would have
/// recorded it: an 802.11 QoS data frame to the access point (To DS) with LLC/SNAP, behind a
/// radiotap, PPI, Prism or AVS header. The fuzz targets start from these, and the tests check
/// that the IP analysis of a capture does not depend on the encapsulation.
///
/// The radio headers are written as Linux's mac80211 writes them (radiotap: TSFT, flags, rate or
/// MCS, channel; an extended presence word and a vendor namespace when asked), so the decoders
/// see the layouts real captures use.
public enum WLANEncapsulation {
    /// The access point (BSSID) the frames go through.
    public static let accessPoint: [UInt8] = [0x02, 0xAB, 0, 0, 0, 0x01]

    /// PHY parameters the radio header states.
    public enum Rate: Sendable {
        /// Legacy rate in 500 kb/s units (2 = 1 Mb/s DSSS, 12 = 6 Mb/s OFDM).
        case legacy(Int)
        /// HT MCS, 20 MHz, long GI.
        case ht(Int)
        /// VHT MCS, streams, 80 MHz, short GI.
        case vht(Int, streams: Int)
        /// HE MCS, one stream, 20 MHz, 0.8 µs GI, 2x LTF.
        case he(Int)
    }

    /// The 802.11 QoS data frame of an Ethernet frame (nil when shorter than an Ethernet header):
    /// addresses 1 AP, 2 the Ethernet source, 3 the Ethernet destination (To DS), QoS control,
    /// LLC/SNAP, then the Ethernet payload. `retry` and `powerSave` set those bits.
    public static func ieee80211(
        _ frame: [UInt8],
        retry: Bool = false,
        powerSave: Bool = false,
        protected: Bool = false
    ) -> [UInt8]? {
        guard frame.count >= 14 else { return nil }
        var flags: UInt8 = 0x01
        if retry { flags |= 0x08 }
        if powerSave { flags |= 0x10 }
        if protected { flags |= 0x40 }
        var mac: [UInt8] =
            [0x88, flags, 0x2C, 0x00] + accessPoint + Array(frame[6..<12]) + Array(frame[0..<6]) + [0x10, 0x00]
        mac += [0x00, 0x00]  // QoS control: TID 0
        mac += [0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00] + Array(frame[12..<14])
        return mac + frame[14...]
    }

    /// A management or control frame: a beacon from the AP, or an ACK to it.
    public static func beacon() -> [UInt8] {
        [0x80, 0x00, 0x00, 0x00] + [UInt8](repeating: 0xFF, count: 6) + accessPoint + accessPoint + [0x20, 0x00]
            + [UInt8](repeating: 0, count: 8) + [0x64, 0x00, 0x01, 0x04] + [0x00, 0x04] + Array("open".utf8)
    }

    public static func ack(to receiver: [UInt8]) -> [UInt8] { [0xD4, 0x00, 0x00, 0x00] + receiver }

    /// `frame` behind a radiotap header: TSFT, flags (FCS not included), rate or MCS/VHT/HE,
    /// channel (2437 MHz, or 5180 MHz for VHT/HE); with `extended`, a second presence word in a
    /// vendor namespace whose data (`skip_length` bytes) must be skipped.
    public static func radiotap(_ frame: [UInt8], rate: Rate, tsft: UInt64 = 1_000, extended: Bool = false) -> [UInt8] {
        var present: UInt32 = 1 << 0 | 1 << 1 | 1 << 3
        switch rate {
        case .legacy: present |= 1 << 2
        case .ht: present |= 1 << 19
        case .vht: present |= 1 << 21
        case .he: present |= 1 << 23
        }
        var words = [present | (extended ? 1 << 30 | 1 << 31 : 0)]
        if extended { words.append(0x0000_0001) }  // vendor namespace word: one vendor field
        var body: [UInt8] = []
        func align(_ n: Int) { while (8 + words.count * 4 - 4 + body.count) % n != 0 { body.append(0) } }
        align(8)
        body += le64(tsft)
        body.append(0x00)  // flags
        if case .legacy(let value) = rate { body.append(UInt8(value)) }
        align(2)
        let fiveGHz: Bool
        if case .vht = rate { fiveGHz = true } else if case .he = rate { fiveGHz = true } else { fiveGHz = false }
        body += le16(fiveGHz ? 5180 : 2437) + le16(fiveGHz ? 0x0140 : 0x00A0)
        switch rate {
        case .legacy: break
        case .ht(let index): body += [0x07, 0x00, UInt8(index)]
        case .vht(let index, let streams):
            align(2)
            body += le16(0x0044) + [0x04, 0x04, UInt8(index << 4 | streams), 0, 0, 0, 0, 0] + le16(0)
        case .he(let index):
            align(2)
            body += le16(0x0020) + le16(0x0002) + le16(UInt16(index) << 8) + le16(0) + le16(0x0080) + le16(1)
        }
        if extended {
            align(2)
            body += [0x00, 0x11, 0x22, 0x00] + le16(3) + [0xDE, 0xAD, 0xBE]
        }
        let length = 4 + words.count * 4 + body.count
        return [0, 0] + le16(UInt16(length)) + words.flatMap(le32) + body + frame
    }

    /// `frame` behind a PPI header with an 802.11-Common field (rate in 500 kb/s units).
    public static func ppi(_ frame: [UInt8], rate: Int = 12) -> [UInt8] {
        let common = le64(1_000) + le16(0) + le16(UInt16(rate)) + le16(2437) + le16(0x00A0) + [0, 0, 0xC4, 0xA0]
        let fields = le16(2) + le16(UInt16(common.count)) + common
        return [0, 0] + le16(UInt16(8 + fields.count)) + le32(105) + fields + frame
    }

    /// `frame` behind a 144-byte Prism header whose rate item says `rate` (500 kb/s units).
    public static func prism(_ frame: [UInt8], rate: Int = 22) -> [UInt8] {
        var header = le32(0x41) + le32(144) + Array("wlan0".utf8) + [UInt8](repeating: 0, count: 11)
        for item in 0..<10 {
            header += le32(UInt32(0x1041 + item * 0x1000)) + le16(0) + le16(4) + le32(item == 7 ? UInt32(rate) : 0)
        }
        return header + frame
    }

    /// `frame` behind a 64-byte AVS (version 1) header whose data rate says `rate` (100 kb/s units).
    public static func avs(_ frame: [UInt8], rate: Int = 110) -> [UInt8] {
        var header = be32(0x8021_1001) + be32(64) + [UInt8](repeating: 0, count: 16)
        header +=
            be32(4) + be32(6) + be32(UInt32(rate)) + be32(0) + be32(0) + be32(0) + be32(0) + be32(0) + be32(1) + be32(0)
        return header + frame
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) } }
    static func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) } }
    static func be32(_ v: UInt32) -> [UInt8] { le32(v).reversed() }
}
