import CaptureFiles

/// How long one 802.11 PPDU occupies the air, from its PHY parameters and length: the TXTIME
/// equations of IEEE 802.11-2020. A frame's airtime is its own transmission only; the SIFS, the
/// ACK (a frame of its receiver's) and contention before it are not part of it.
///
/// Where an equation needs what a capture does not show, it is approximated, and said so here:
/// - each captured MPDU is timed as its own PPDU (an A-MPDU's subframes share one preamble, so
///   aggregated traffic is over-counted by one preamble per subframe);
/// - N_ES (BCC encoders) is taken as one per 300 Mb/s of data rate (HT and VHT tables choose it
///   per MCS; they agree on the rates a phone uses);
/// - HE: the packet extension T_PE is taken as 0 µs (0-16 µs in the standard), and the HE-LTF
///   as 2x when the capture does not say; only the SU format is modelled (MU and trigger-based
///   PPDUs are timed as SU);
/// - HE STBC and HE's extra LTFs for midambles are not modelled.
public enum WLANAirtime {
    /// The figure and how it was obtained.
    public enum Basis: String, Sendable { case dsss, ofdm, ht, vht, he }

    /// (bits per subcarrier, coding rate numerator, denominator) per MCS 0-11 (HT index mod 8):
    /// IEEE 802.11-2020 Tables 19-27ff (HT), 21-30ff (VHT), 27-55ff (HE).
    static let modulation: [(bits: Int, num: Int, den: Int)] = [
        (1, 1, 2), (2, 1, 2), (2, 3, 4), (4, 1, 2), (4, 3, 4), (6, 2, 3), (6, 3, 4), (6, 5, 6),
        (8, 3, 4), (8, 5, 6), (10, 3, 4), (10, 5, 6),
    ]

    /// The PPDU's duration in ns for a `length`-byte MPDU (FCS included), or nil when the radio
    /// header gives no rate.
    public static func duration(length: Int, radio: RadioInfo) -> (ns: Int64, basis: Basis)? {
        let extensionUs = (radio.channelMHz ?? 5_000) < 3_000 ? 6.0 : 0  // 2.4 GHz signal extension
        if let mcs = radio.mcs {
            switch mcs.phy {
            case .ht: return ht(length: length, mcs: mcs).map { (ns($0 + extensionUs), .ht) }
            case .vht: return vht(length: length, mcs: mcs).map { (ns($0), .vht) }
            case .he: return he(length: length, mcs: mcs).map { (ns($0 + extensionUs), .he) }
            }
        }
        guard let rate = radio.legacyRate else { return nil }
        if [2, 4, 11, 22].contains(rate) {
            return (ns(dsss(length: length, halfMbps: rate, shortPreamble: radio.shortPreamble)), .dsss)
        }
        return (ns(ofdm(length: length, halfMbps: rate) + extensionUs), .ofdm)
    }

    /// HR/DSSS (IEEE 802.11-2020 §16.3.4, §15.3.4): PLCP preamble and header, 192 µs long or
    /// 96 µs short (never short at 1 Mb/s), then 8·L bits at the rate.
    static func dsss(length: Int, halfMbps: Int, shortPreamble: Bool) -> Double {
        let plcp: Double = shortPreamble && halfMbps != 2 ? 96 : 192
        let bits = Double(8 * length) * 2
        let payload: Double = (bits / Double(halfMbps)).rounded(.up)
        return plcp + payload
    }

    /// OFDM (IEEE 802.11-2020 §17.4.3, eq. 17-29): T_PREAMBLE 16 + T_SIGNAL 4 + 4 µs ×
    /// ⌈(16 + 8·L + 6) / N_DBPS⌉, N_DBPS = rate × 4 µs.
    static func ofdm(length: Int, halfMbps: Int) -> Double {
        let bitsPerSymbol = max(1, halfMbps * 2)  // rate (Mb/s) × 4 µs = halfMbps × 2
        let bits: Int = 16 + 8 * length + 6
        let count: Int = (bits + bitsPerSymbol - 1) / bitsPerSymbol
        return 20 + 4 * Double(count)
    }

    /// HT mixed format (IEEE 802.11-2020 §19.4.3, eq. 19-135/19-136): 16 + 4 (L-SIG) + 8 (HT-SIG)
    /// + 4 (HT-STF) + 4·N_LTF + symbols (4 µs, or 3.6 µs short GI rounded up to a 4 µs boundary).
    static func ht(length: Int, mcs: MCSInfo) -> Double? {
        let streams = mcs.index / 8 + 1
        guard
            let dbps = dataBitsPerSymbol(
                base: mcs.index % 8,
                streams: streams,
                subcarriers: mcs.bandwidthMHz == 40 ? 108 : 52
            )
        else { return nil }
        let ltf = [1, 2, 4, 4][min(streams + mcs.stbcStreams, 4) - 1]
        return 32 + 4 * Double(ltf) + symbols(length: length, dbps: dbps, symbolUs: 4, gi: mcs.guardIntervalNs)
    }

    /// VHT SU (IEEE 802.11-2020 §21.4.3, eq. 21-105): 20 (L-STF, L-LTF, L-SIG) + 8 (VHT-SIG-A)
    /// + 4 (VHT-STF) + 4·N_VHTLTF + 4 (VHT-SIG-B) + symbols.
    static func vht(length: Int, mcs: MCSInfo) -> Double? {
        let subcarriers = [20: 52, 40: 108, 80: 234, 160: 468][mcs.bandwidthMHz] ?? 52
        guard let dbps = dataBitsPerSymbol(base: mcs.index, streams: mcs.streams, subcarriers: subcarriers) else {
            return nil
        }
        return 36 + 4 * Double(ltfCount(mcs.streams + mcs.stbcStreams))
            + symbols(length: length, dbps: dbps, symbolUs: 4, gi: mcs.guardIntervalNs)
    }

    /// HE SU (IEEE 802.11-2020 §27.4.3, eq. 27-135): 20 (legacy) + 4 (RL-SIG) + 8 (HE-SIG-A)
    /// + 4 (HE-STF) + N_HE-LTF × (3.2 µs × LTF size + GI) + N_SYM × (12.8 µs + GI) + T_PE (0).
    static func he(length: Int, mcs: MCSInfo) -> Double? {
        let subcarriers = [20: 234, 40: 468, 80: 980, 160: 1960][mcs.bandwidthMHz] ?? 234
        guard let dbps = dataBitsPerSymbol(base: mcs.index, streams: mcs.streams, subcarriers: subcarriers) else {
            return nil
        }
        let gi = Double(mcs.guardIntervalNs) / 1_000
        let ltfSymbol: Double = 3.2 * Double(mcs.heLTFSize ?? 2) + gi
        let ltf: Double = Double(ltfCount(mcs.streams)) * ltfSymbol
        let symbol: Double = 12.8 + gi
        let count = symbolCount(length: length, dbps: dbps, symbolUs: symbol)
        return 36 + ltf + Double(count) * symbol
    }

    /// N_DBPS = N_SD × N_BPSCS × R × N_SS (the tables' values are these products).
    static func dataBitsPerSymbol(base: Int, streams: Int, subcarriers: Int) -> Int? {
        guard base >= 0, base < modulation.count, streams >= 1, streams <= 8 else { return nil }
        let (bits, num, den) = modulation[base]
        return max(1, subcarriers * bits * num * streams / den)
    }

    /// N_VHTLTF / N_HE-LTF by streams (IEEE 802.11-2020 Table 21-13): 1, 2, 4, 4, 6, 6, 8, 8.
    static func ltfCount(_ streams: Int) -> Int { [1, 2, 4, 4, 6, 6, 8, 8][min(max(streams, 1), 8) - 1] }

    /// The data symbols' time: ⌈(8·L + 16 + 6·N_ES) / N_DBPS⌉ symbols of `symbolUs`; with the
    /// short GI (400 ns) 3.6 µs symbols, the total rounded up to a 4 µs boundary.
    static func symbols(length: Int, dbps: Int, symbolUs: Double, gi: Int) -> Double {
        let count = symbolCount(length: length, dbps: dbps, symbolUs: symbolUs)
        guard gi == 400 else { return Double(count) * symbolUs }
        let short: Double = 3.6 * Double(count) / 4
        return 4 * short.rounded(.up)
    }

    /// N_SYM = ⌈(8·L + 16 + 6·N_ES) / N_DBPS⌉ (service bits, PSDU, tail bits).
    static func symbolCount(length: Int, dbps: Int, symbolUs: Double) -> Int {
        let bits: Int = 8 * length + 16 + 6 * encoders(dbps: dbps, symbolUs: symbolUs)
        return (bits + dbps - 1) / dbps
    }

    /// One BCC encoder per 300 Mb/s of data rate (an approximation of the tables' N_ES).
    static func encoders(dbps: Int, symbolUs: Double) -> Int {
        let rate: Double = Double(dbps) / symbolUs / 300
        return max(1, Int(rate.rounded(.up)))
    }

    private static func ns(_ us: Double) -> Int64 { Int64((us * 1_000).rounded()) }
}
