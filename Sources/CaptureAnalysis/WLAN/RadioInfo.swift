import CaptureFiles

/// What a monitor-mode capture's radio header says about how one 802.11 frame went over the air:
/// enough to time it (`WLANAirtime`). Every field is optional: each header type (radiotap, PPI,
/// Prism, AVS) carries a different subset, and a capture may leave any field out.
public struct RadioInfo: Sendable, Equatable {
    /// The radio header's length: where the 802.11 frame starts.
    public var headerLength = 0
    /// The receiver's 64-bit TSF timer at the first bit of the frame, µs (radiotap TSFT).
    public var tsft: UInt64?
    /// Legacy (DSSS/CCK or OFDM) rate, in 500 kb/s units.
    public var legacyRate: Int?
    /// The channel's centre frequency, MHz.
    public var channelMHz: Int?
    /// DSSS sent with the short (96 µs) PLCP preamble instead of the long (192 µs) one.
    public var shortPreamble = false
    /// The frame ends in a 4-byte FCS (counted in its length on the air).
    public var hasFCS = false
    /// The capture flagged the FCS as wrong.
    public var badFCS = false
    /// The 802.11 header is padded to a multiple of 4 bytes before the body (radiotap flag 0x20).
    public var dataPad = false
    /// HT, VHT or HE modulation, when the header says which.
    public var mcs: MCSInfo?

    public init() {}
}

/// An HT (802.11n), VHT (802.11ac) or HE (802.11ax) PPDU's modulation parameters.
public struct MCSInfo: Sendable, Equatable {
    public enum PHY: String, Sendable { case ht, vht, he }
    public var phy: PHY
    /// The MCS index: 0-31 for HT (streams folded in), 0-9 VHT, 0-11 HE.
    public var index: Int
    /// Spatial streams (VHT and HE; HT derives them from the index).
    public var streams: Int
    /// Channel width, MHz: 20, 40, 80 or 160.
    public var bandwidthMHz: Int
    /// Guard interval, ns: 400 (HT/VHT short), 800, 1600 or 3200 (HE).
    public var guardIntervalNs: Int
    /// Extra space-time streams from STBC (N_STS − N_SS), which add training fields.
    public var stbcStreams = 0
    /// HE only: the HE-LTF symbol size (1, 2 or 4 for 1x/2x/4x); nil when unknown.
    public var heLTFSize: Int?

    public init(phy: PHY, index: Int, streams: Int, bandwidthMHz: Int, guardIntervalNs: Int, heLTFSize: Int? = nil) {
        self.phy = phy
        self.index = index
        self.streams = streams
        self.bandwidthMHz = bandwidthMHz
        self.guardIntervalNs = guardIntervalNs
        self.heLTFSize = heLTFSize
    }
}
