import CaptureFiles

/// What an Ethernet frame of the scanner's link would cost a phone's Wi-Fi radio: the stated
/// 802.11 PHY and MAC parameters that turn a testbed capture (Ethernet, no radio) into an
/// *estimated* airtime and radio-on time (docs/METRICS.md, "Airtime (estimate)"). A model,
/// labelled so: each parameter cites IEEE 802.11-2020 or is marked an assumption with the range
/// to sweep. The PPDU durations are `WLANAirtime`'s, the same equations `analyze` measures a
/// radiotap capture's airtime with; nothing here is a second duration formula.
public struct AirtimeModel: Sendable, Equatable {
    /// A name for the parameter set, recorded beside the figures.
    public var name: String
    /// The data frames' PHY: assumption (an iPhone on a current home access point), swept over
    /// `presets` — VHT MCS 7, 1 stream, 80 MHz, 800 ns GI by default (Table 21-38: 292.5 Mb/s).
    public var data: RadioInfo
    /// The ACK's rate: a non-HT response at the highest basic rate not above the data frame's
    /// (IEEE 802.11-2020 §10.6.6.5.2); assumption: basic rates {6, 12, 24} Mb/s, so 24 Mb/s OFDM.
    public var ack: RadioInfo
    /// Group-addressed frames go at a rate of the BSS basic rate set (§10.6.6.3); assumption: the
    /// lowest, 6 Mb/s OFDM, as access points commonly send them (range 6-24 Mb/s).
    public var group: RadioInfo
    /// SIFS 16 µs and slot 9 µs: the OFDM PHY's (IEEE 802.11-2020 Table 17-21).
    public var sifsNs: Int64 = 16_000
    public var slotNs: Int64 = 9_000
    /// AIFSN 3 and CWmin 15 of AC_BE, the access category of plain data (Table 9-155, default
    /// EDCA parameter set): AIFS = SIFS + 3 slots = 43 µs (DIFS would be SIFS + 2 slots = 34 µs).
    public var aifsn: Int64 = 3
    public var cwMin: Int64 = 15
    /// Bytes an Ethernet frame (14-byte header, no FCS, as captured) gains as an 802.11 MPDU:
    /// QoS Data header 26 (§9.3.2.1, 3 addresses + QoS Control) + LLC/SNAP 8 (IEEE 802.2 /
    /// RFC 1042) + CCMP 16 (8-byte header + 8-byte MIC, §12.5.3.2; assumption: a WPA2/WPA3
    /// network) + FCS 4, less the 14-byte Ethernet header: +40.
    public var mpduOverheadBytes = 26 + 8 + 16 + 4 - 14
    /// An ACK frame: frame control, duration, RA, FCS (§9.3.1.3): 14 bytes.
    public var ackBytes = 14
    /// How long the radio stays awake after a frame before it dozes (power-save mode, §11.2.3).
    /// Assumption: no public iPhone figure was found; 200 ms, swept over 50-1,000 ms. For
    /// comparison, Huang et al. (MobiSys 2012, Table 3) measured a 238.1 ms Wi-Fi tail on a 2012
    /// smartphone, and Nokia's N800 driver documents a 200 ms `wlan_sleep_timeout` example.
    /// At least `FrameRuns.gap` (10 ms), the finest gap the analysis keeps between frames.
    public var powerSaveTimeoutNs: Int64 = 200_000_000

    public init(name: String, data: RadioInfo, powerSaveTimeoutNs: Int64 = 200_000_000) {
        self.name = name
        self.data = data
        self.ack = Self.ofdm(mbps: 24)
        self.group = Self.ofdm(mbps: 6)
        self.powerSaveTimeoutNs = max(powerSaveTimeoutNs, FrameRuns.gap)
    }

    /// The default: 802.11ac VHT MCS 7, one stream, 80 MHz, 5 GHz (an assumption; see `data`).
    public static let standard = AirtimeModel(
        name: "vht-mcs7-1ss-80mhz",
        data: phy(.vht, mcs: 7, streams: 1, widthMHz: 80)
    )

    /// The sweep of the data rate (assumption ranges): a poor link, an 802.11n one, the default,
    /// and the fastest an iPhone's two-stream 802.11ax radio gets at 80 MHz.
    public static let presets: [AirtimeModel] = [
        AirtimeModel(name: "vht-mcs0-1ss-20mhz", data: phy(.vht, mcs: 0, streams: 1, widthMHz: 20)),
        AirtimeModel(name: "ht-mcs7-1ss-20mhz", data: phy(.ht, mcs: 7, streams: 1, widthMHz: 20)),
        standard,
        AirtimeModel(name: "he-mcs11-2ss-80mhz", data: phy(.he, mcs: 11, streams: 2, widthMHz: 80)),
    ]

    /// Contention before a frame: AIFS plus the mean backoff, CWmin / 2 slots (§10.22.2.4; the
    /// backoff is drawn uniformly from [0, CW]). Retries and collisions are not modelled.
    public var contentionNs: Int64 { sifsNs + aifsn * slotNs + cwMin * slotNs / 2 }

    /// The 802.11 MPDU length (FCS included) of an Ethernet frame of `ethernetLength` bytes.
    public func mpduLength(ethernetLength: Int) -> Int { max(0, ethernetLength) + mpduOverheadBytes }

    /// Medium time of one acknowledged frame exchange: contention, the data PPDU, SIFS, the ACK.
    public func unicastNs(ethernetLength: Int) -> Int64 {
        contentionNs + dataNs(ethernetLength: ethernetLength) + sifsNs + ackNs
    }

    /// The data PPDU alone: what `analyze` measures for the same frame from a radiotap capture.
    public func dataNs(ethernetLength: Int) -> Int64 { ppdu(mpduLength(ethernetLength: ethernetLength), data) }

    /// The ACK's PPDU.
    public var ackNs: Int64 { ppdu(ackBytes, ack) }

    /// Medium time of one group-addressed frame from the access point: contention and the PPDU
    /// at the group rate, unacknowledged (§10.3.6).
    public func groupNs(ethernetLength: Int) -> Int64 {
        contentionNs + ppdu(mpduLength(ethernetLength: ethernetLength), group)
    }

    private func ppdu(_ length: Int, _ radio: RadioInfo) -> Int64 {
        WLANAirtime.duration(length: length, radio: radio)?.ns ?? 0
    }

    /// An HT, VHT or HE PHY on a 5 GHz channel with an 800 ns guard interval.
    public static func phy(_ kind: MCSInfo.PHY, mcs: Int, streams: Int, widthMHz: Int) -> RadioInfo {
        var radio = RadioInfo()
        radio.channelMHz = 5_180
        radio.mcs = MCSInfo(
            phy: kind,
            index: kind == .ht ? mcs + 8 * (streams - 1) : mcs,
            streams: streams,
            bandwidthMHz: widthMHz,
            guardIntervalNs: 800
        )
        return radio
    }

    /// A non-HT OFDM rate on a 5 GHz channel.
    static func ofdm(mbps: Int) -> RadioInfo {
        var radio = RadioInfo()
        radio.channelMHz = 5_180
        radio.legacyRate = 2 * mbps
        return radio
    }
}
