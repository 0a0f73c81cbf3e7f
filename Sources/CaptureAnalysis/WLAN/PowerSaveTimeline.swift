import CaptureFiles

/// A station's doze and awake periods as its Power Management bit tells them: a frame with PM=1
/// says it dozes from that frame until its next frame with PM=0 (IEEE 802.11-2020 §11.2.3.1).
///
/// The awake time is the time from its first frame to the end of the capture less its doze
/// periods: an upper bound of its radio-on time, since a dozing station also wakes briefly for
/// beacons (DTIM), which the capture does not show, and an awake one may idle.
public struct PowerSaveTimeline: Sendable, Codable, Equatable {
    /// One doze period, ns since the epoch; `end` is the capture's end when it was still dozing.
    public struct Period: Sendable, Codable, Equatable {
        public var start: Int64
        public var end: Int64
    }

    /// At most this many periods are listed (all are counted).
    static let listed = 1_000

    public var dozePeriods = 0
    public var dozingNs: Int64 = 0
    public var awakeNs: Int64 = 0
    /// Whether the station was dozing when the capture ended.
    public var dozingAtEnd = false
    public var periods: [Period] = []
    private var dozingSince: Int64?

    enum CodingKeys: String, CodingKey {
        case periods
        case dozePeriods = "doze_periods"
        case dozingNs = "dozing_ns"
        case awakeNs = "radio_on_ns"
        case dozingAtEnd = "dozing_at_end"
    }

    public init() {}

    mutating func add(dozing: Bool, at time: Int64) {
        if dozing, dozingSince == nil {
            dozingSince = time
        } else if !dozing, let start = dozingSince {
            close(start, max(start, time))
            dozingSince = nil
        }
    }

    /// Closes an open doze period at `end` and sets the awake time over `start...end`.
    mutating func finish(from start: Int64, to end: Int64) {
        if let open = dozingSince {
            close(open, max(open, end))
            dozingSince = nil
            dozingAtEnd = true
        }
        awakeNs = max(0, end - start - dozingNs)
    }

    private mutating func close(_ start: Int64, _ end: Int64) {
        dozePeriods += 1
        dozingNs += end - start
        if periods.count < Self.listed { periods.append(Period(start: start, end: end)) }
    }
}
