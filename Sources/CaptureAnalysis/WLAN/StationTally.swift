import CaptureFiles

/// What one 802.11 transmitter sent in a capture: frames by kind and subtype, bytes, retries,
/// airtime from the PHY rates, and its power-management state over time (`PowerSaveTimeline`).
public struct StationTally: Sendable, Codable, Equatable {
    /// The transmitter address (`wlan.ta`), or "none" for the frames that name none (CTS, ACK).
    public var address: String
    public var frames = 0
    /// Captured frame lengths as the capture records them (radio header included: tshark's `frame.len`).
    public var bytes = 0
    /// The 802.11 frames' own lengths on the air (MAC header, body, FCS).
    public var mpduBytes = 0
    /// Frames with the Retry bit set.
    public var retries = 0
    /// Data frames with the Protected bit set (their payload is not decoded).
    public var protectedData = 0
    public var framesByKind: [String: Int] = [:]
    public var framesBySubtype: [String: Int] = [:]
    /// Measured airtime: the sum of each timed frame's PPDU duration (`WLANAirtime`), ns.
    public var airtimeNs: Int64 = 0
    /// Airtime by PHY (dsss, ofdm, ht, vht, he), ns.
    public var airtimeByPHYNs: [String: Int64] = [:]
    /// Frames timed from their PHY rate, and those whose radio header gave none.
    public var timedFrames = 0
    public var untimedFrames = 0
    /// The untimed frames' Duration/ID fields summed, ns: the medium they reserved *after*
    /// themselves (NAV), the only time figure such a frame carries — a stand-in, not their airtime.
    public var untimedDurationFieldNs: Int64 = 0
    public var firstTimestamp: Int64 = 0
    public var lastTimestamp: Int64 = 0
    /// Doze and awake periods from the Power Management bit of its management and data frames.
    public var powerSave = PowerSaveTimeline()

    enum CodingKeys: String, CodingKey {
        case address, frames, bytes, retries
        case mpduBytes = "mpdu_bytes"
        case protectedData = "protected_data"
        case framesByKind = "frames_by_kind"
        case framesBySubtype = "frames_by_subtype"
        case airtimeNs = "airtime_measured_ns"
        case airtimeByPHYNs = "airtime_by_phy_ns"
        case timedFrames = "timed_frames"
        case untimedFrames = "untimed_frames"
        case untimedDurationFieldNs = "untimed_duration_field_ns"
        case firstTimestamp = "first_timestamp"
        case lastTimestamp = "last_timestamp"
        case powerSave = "power_save"
    }

    public init(address: String) { self.address = address }

    /// Counts one frame of this transmitter.
    ///
    /// - Parameters:
    ///   - length: the captured frame's length on the wire (radio header included).
    mutating func add(_ frame: WLANFrame, timestamp: Int64, length: Int) {
        if frames == 0 { firstTimestamp = timestamp }
        frames += 1
        lastTimestamp = max(lastTimestamp, timestamp)
        bytes += length
        // The FCS is on the air whether or not the capture kept it.
        let mpdu = max(0, length - frame.radio.headerLength) + (frame.radio.hasFCS ? 0 : 4)
        mpduBytes += mpdu
        if frame.isRetry { retries += 1 }
        if frame.kind == .data, frame.isProtected { protectedData += 1 }
        framesByKind[frame.kind.rawValue, default: 0] += 1
        framesBySubtype[frame.subtypeName, default: 0] += 1
        if let (ns, basis) = WLANAirtime.duration(length: mpdu, radio: frame.radio) {
            timedFrames += 1
            airtimeNs += ns
            airtimeByPHYNs[basis.rawValue, default: 0] += ns
        } else {
            untimedFrames += 1
            if frame.durationID < 0x8000 { untimedDurationFieldNs += Int64(frame.durationID) * 1_000 }
        }
        // The PM bit means the station's power state only in frames it sends in a frame
        // exchange it starts (IEEE 802.11-2020 §9.2.4.1.7): management and data frames.
        if frame.kind == .management || frame.kind == .data {
            powerSave.add(dozing: frame.powerManagement, at: timestamp)
        }
    }

    /// Closes the power-save periods at the capture's end.
    mutating func finish(captureEnd: Int64) {
        powerSave.finish(from: firstTimestamp, to: max(captureEnd, lastTimestamp))
    }
}
