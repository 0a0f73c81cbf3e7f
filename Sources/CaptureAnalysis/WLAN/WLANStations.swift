import CaptureFiles
import Wire

/// The 802.11 frames of a capture by transmitter (`wlan.ta`), folded as they come. Frames that
/// name no transmitter (CTS, ACK) are counted apart.
public struct WLANStations: Sendable {
    private var stations: [MACAddress: StationTally] = [:]
    private var anonymous = StationTally(address: "none")
    /// Frames whose radio or MAC header could not be read far enough to find a transmitter.
    private var undecodable = 0

    public init() {}

    mutating func add(_ frame: WLANFrame, timestamp: Int64, length: Int) {
        guard let transmitter = frame.transmitter else {
            anonymous.add(frame, timestamp: timestamp, length: length)
            return
        }
        stations[transmitter, default: StationTally(address: transmitter.description)].add(
            frame,
            timestamp: timestamp,
            length: length
        )
    }

    mutating func addUndecodable() { undecodable += 1 }

    /// The tallies, closed at `captureEnd`, busiest first.
    func summary(captureEnd: Int64) -> WLANSummary {
        var list = stations.values.map { tally in
            var tally = tally
            tally.finish(captureEnd: captureEnd)
            return tally
        }
        list.sort { ($0.frames, $1.address) > ($1.frames, $0.address) }
        var none = anonymous
        none.finish(captureEnd: captureEnd)
        return WLANSummary(stations: list, withoutTransmitter: none, undecodable: undecodable)
    }
}

/// The 802.11 part of an analysis (`analyze --json` key `wlan`).
public struct WLANSummary: Sendable, Codable, Equatable {
    /// Every transmitter, most frames first.
    public var stations: [StationTally]
    /// Frames without a transmitter address (CTS, ACK, …), tallied as one.
    public var withoutTransmitter: StationTally
    /// Frames whose radio header was broken (counted malformed at layer `link`).
    public var undecodable: Int
    /// How airtime was obtained: it is measured from each captured frame's PHY parameters.
    public var airtimeMethod = WLANSummary.method

    static let method =
        "measured: each frame's PPDU duration from its radio header's rate/MCS and its length "
        + "(IEEE 802.11-2020 TXTIME; approximations in docs/CAPTURE.md); frames without a rate are counted as untimed"

    enum CodingKeys: String, CodingKey {
        case stations, undecodable
        case withoutTransmitter = "without_transmitter"
        case airtimeMethod = "airtime_method"
    }

    /// The station with address `mac`.
    public func station(_ mac: MACAddress) -> StationTally? {
        stations.first { $0.address == mac.description }
    }
}
