import CaptureFiles
import Wire

/// Reads a radiotap header (LINKTYPE_IEEE802_11_RADIOTAP, 127) by its presence bitmaps and
/// alignment rules, as radiotap.org defines them: little-endian fields in bit order, each aligned
/// to its natural size from the start of the header; `it_present` words chained by bit 31; bit 29
/// restarts the radiotap namespace and bit 30 opens a vendor namespace whose data is skipped by
/// its `skip_length`.
///
/// Only the fields timing needs are kept (`RadioInfo`). A field whose size is not known (a bit
/// radiotap.org has not defined, or the TLV list of bit 28) stops the walk there: what came
/// before it is kept, and the 802.11 frame is found by `it_len` whatever the walk reached.
public enum RadiotapHeader {
    /// (alignment, size) of the defined fields of the radiotap namespace, by bit number
    /// (radiotap.org/fields/defined). Bits 29-31 are handled by the walk itself.
    static let fields: [(align: Int, size: Int)] = [
        (8, 8),  // 0 TSFT
        (1, 1),  // 1 Flags
        (1, 1),  // 2 Rate
        (2, 4),  // 3 Channel
        (2, 2),  // 4 FHSS
        (1, 1),  // 5 dBm antenna signal
        (1, 1),  // 6 dBm antenna noise
        (2, 2),  // 7 Lock quality
        (2, 2),  // 8 TX attenuation
        (2, 2),  // 9 dB TX attenuation
        (1, 1),  // 10 dBm TX power
        (1, 1),  // 11 Antenna
        (1, 1),  // 12 dB antenna signal
        (1, 1),  // 13 dB antenna noise
        (2, 2),  // 14 RX flags
        (2, 2),  // 15 TX flags
        (1, 1),  // 16 RTS retries
        (1, 1),  // 17 data retries
        (4, 8),  // 18 XChannel
        (1, 3),  // 19 MCS
        (4, 8),  // 20 A-MPDU status
        (2, 12),  // 21 VHT
        (8, 12),  // 22 timestamp
        (2, 12),  // 23 HE
        (2, 12),  // 24 HE-MU
        (2, 6),  // 25 HE-MU-other-user
        (1, 1),  // 26 0-length-PSDU
        (2, 4),  // 27 L-SIG
    ]

    /// The header's fields and length.
    ///
    /// - Throws: `WireDecodingError` (layer `link`) when the fixed header is cut short, its
    ///   version is not 0, or `it_len` runs past the frame.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(WireDecodingError) -> RadioInfo {
        guard bytes.count >= 8 else { throw .truncated(layer: .link, needed: 8, available: bytes.count) }
        let length = Int(le16(bytes, 2))
        guard bytes[0] == 0 else {
            throw .malformed(layer: .link, reason: "radiotap version \(bytes[0]), only 0 is defined")
        }
        guard length >= 8 else {
            throw .malformed(layer: .link, reason: "radiotap length \(length) is shorter than its fixed header")
        }
        guard length <= bytes.count else { throw .truncated(layer: .link, needed: length, available: bytes.count) }
        var info = RadioInfo()
        info.headerLength = length
        let header = UnsafeRawBufferPointer(rebasing: bytes[0..<length])
        // The presence words: the first at 4, then as long as bit 31 says another follows.
        var words: [UInt32] = []
        var offset = 4
        repeat {
            guard offset + 4 <= length, words.count < 64 else { return info }
            words.append(le32(header, offset))
            offset += 4
        } while words.last! & 0x8000_0000 != 0
        walk(words, header: header, from: offset, into: &info)
        return info
    }

    /// Reads the fields of `words` from `offset` on, stopping at the end of the header or at a
    /// field of unknown size.
    private static func walk(
        _ words: [UInt32],
        header: UnsafeRawBufferPointer,
        from start: Int,
        into info: inout RadioInfo
    ) {
        var offset = start
        var inRadiotap = true
        var fieldBase = 0  // bit numbering restarts with each radiotap namespace
        for word in words {
            if inRadiotap {
                for bit in 0..<29 where word & (1 << UInt32(bit)) != 0 {
                    let number = fieldBase + bit
                    guard number < fields.count else { return }  // size unknown: stop here
                    let (align, size) = fields[number]
                    offset = (offset + align - 1) / align * align
                    guard offset + size <= header.count else { return }
                    read(number, UnsafeRawBufferPointer(rebasing: header[offset..<(offset + size)]), into: &info)
                    offset += size
                }
            }
            if word & (1 << 29) != 0 {
                inRadiotap = true
                fieldBase = 0
            } else if word & (1 << 30) != 0 {
                // Vendor namespace: OUI (3), sub-namespace (1), skip_length (2), 2-aligned; its
                // data follows and is skipped whole.
                offset = (offset + 1) / 2 * 2
                guard offset + 6 <= header.count else { return }
                offset += 6 + Int(le16(header, offset + 4))
                inRadiotap = false
            } else if inRadiotap {
                fieldBase += 32
            }
        }
    }

    /// Keeps what field `number` says about timing.
    private static func read(_ number: Int, _ field: UnsafeRawBufferPointer, into info: inout RadioInfo) {
        switch number {
        case 0:
            if info.tsft == nil { info.tsft = UInt64(le32(field, 0)) | UInt64(le32(field, 4)) << 32 }
        case 1:
            let flags = field[0]
            info.shortPreamble = flags & 0x02 != 0
            info.dataPad = flags & 0x20 != 0
            info.hasFCS = flags & 0x10 != 0
            info.badFCS = flags & 0x40 != 0
        case 2:
            if field[0] != 0 { info.legacyRate = Int(field[0]) }
        case 3:
            info.channelMHz = Int(le16(field, 0))
        case 19:
            info.mcs = ht(known: field[0], flags: field[1], index: field[2]) ?? info.mcs
        case 21:
            info.mcs = vht(field) ?? info.mcs
        case 23:
            info.mcs = he(field) ?? info.mcs
        default:
            break
        }
    }

    /// The MCS field: known, flags, index. Bandwidth 1 is 40 MHz (2, 3 are a 20 MHz half of
    /// 40); flag 0x04 is the short guard interval.
    static func ht(known: UInt8, flags: UInt8, index: UInt8) -> MCSInfo? {
        guard known & 0x02 != 0, index < 32 else { return nil }
        let width = known & 0x01 != 0 && flags & 0x03 == 1 ? 40 : 20
        let gi = known & 0x04 != 0 && flags & 0x04 != 0 ? 400 : 800
        var info = MCSInfo(
            phy: .ht,
            index: Int(index),
            streams: Int(index) / 8 + 1,
            bandwidthMHz: width,
            guardIntervalNs: gi
        )
        // Known 0x20: flags bits 5-6 give the number of STBC streams.
        if known & 0x20 != 0 { info.stbcStreams = Int(flags >> 5 & 0x03) }
        return info
    }

    /// The VHT field: known (u16), flags, bandwidth, mcs_nss[4] (user 0 first: MCS high nibble,
    /// streams low nibble), coding, group id, partial AID.
    static func vht(_ field: UnsafeRawBufferPointer) -> MCSInfo? {
        let known = le16(field, 0)
        let user = field[4]
        let index = Int(user >> 4), streams = Int(user & 0x0F)
        guard streams > 0, index <= 9 else { return nil }
        let gi = known & 0x0004 != 0 && field[2] & 0x04 != 0 ? 400 : 800
        // Bandwidth codes name a channel and the sub-band used: 0 20, 1 40, 4 80, 11 160, and
        // the 20/40/80 parts of wider channels (radiotap.org/fields/VHT).
        let width: Int
        switch field[3] {
        case 1, 5, 6, 14...17: width = 40
        case 4, 12, 13: width = 80
        case 11: width = 160
        default: width = 20
        }
        var info = MCSInfo(
            phy: .vht,
            index: index,
            streams: streams,
            bandwidthMHz: known & 0x0040 != 0 ? width : 20,
            guardIntervalNs: gi
        )
        // Known 0x0001 and flag 0x01: STBC, two space-time streams per spatial stream.
        if known & 0x0001 != 0, field[2] & 0x01 != 0 { info.stbcStreams = streams }
        return info
    }

    /// The HE field: data1..data6 (u16). data1 0x0020 says the MCS is known (data3 bits 8-11);
    /// data5 bits 0-3 the bandwidth or RU, 4-5 the GI, 6-7 the LTF size; data6 bits 0-3 NSTS.
    static func he(_ field: UnsafeRawBufferPointer) -> MCSInfo? {
        let data1 = le16(field, 0), data3 = le16(field, 4), data5 = le16(field, 8), data6 = le16(field, 10)
        guard data1 & 0x0020 != 0 else { return nil }
        let index = Int(data3 >> 8 & 0x0F)
        guard index <= 11 else { return nil }
        let width: Int
        switch data5 & 0x0F {
        case 1: width = 40
        case 2: width = 80
        case 3: width = 160
        default: width = 20  // 20 MHz, or an RU no wider than it (approximated as 20 MHz)
        }
        let gi = [800, 1600, 3200, 3200][Int(data5 >> 4 & 0x03)]
        let ltf = [nil, 1, 2, 4][Int(data5 >> 6 & 0x03)]
        return MCSInfo(
            phy: .he,
            index: index,
            streams: max(1, Int(data6 & 0x0F)),
            bandwidthMHz: width,
            guardIntervalNs: gi,
            heLTFSize: ltf
        )
    }

    static func le16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
        UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    static func le32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
