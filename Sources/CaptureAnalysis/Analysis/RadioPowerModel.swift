import CaptureFiles

/// A radio's power states as a published measurement modelled them, reduced to what a frame trace
/// can drive: waking from idle costs a *promotion*, and after its last frame the radio stays in
/// its high-power state for a *tail* before it drops back to idle.
///
/// It estimates how long a phone's radio would be awake for the frames of a capture; it measures
/// nothing about the machine the capture was made on (docs/METRICS.md, "Radio active time").
public struct RadioPowerModel: Sendable, Equatable {
    /// Where the figures come from.
    public var source: String
    /// Time from idle to the high-power state, ns (paid once per burst).
    public var promotion: Int64
    /// Time the radio stays in the high-power state after a frame, ns.
    public var tail: Int64

    public init(source: String, promotion: Int64, tail: Int64) {
        self.source = source
        self.promotion = promotion
        self.tail = tail
    }

    /// Wi-Fi on a smartphone: promotion 79.1 ms, tail 238.1 ms (Huang et al., "A Close
    /// Examination of Performance and Power Characteristics of 4G LTE Networks", MobiSys 2012,
    /// Table 3, measured with a power monitor on a smartphone).
    public static let huang2012WiFi = RadioPowerModel(
        source: "Huang et al., MobiSys 2012, Table 3 (Wi-Fi)",
        promotion: 79_100_000,
        tail: 238_100_000
    )

    /// How long the radio is awake for frames at `times` (ns, any order).
    ///
    /// Each frame keeps the radio up from its time to its time plus the tail; overlapping spans
    /// merge into one burst, and each burst pays one promotion before its first frame. The last
    /// burst's tail counts in full.
    public func activity(frameTimes times: [Int64]) -> RadioActivity {
        activity(runs: times.sorted().map { FrameRuns.Run(first: $0, last: $0, frames: 1) })
    }

    /// The same estimate from frames folded into runs (sorted by first time), exact when no run
    /// holds a gap longer than the tail (`FrameRuns.gap`).
    func activity(runs: [FrameRuns.Run]) -> RadioActivity {
        activity { runs.forEach($0) }
    }

    /// The same from runs handed over in first-time order by `runs`, so a long capture's runs
    /// need not sit in one array (`FrameRuns.forEachMerged`).
    func activity(_ runs: ((FrameRuns.Run) -> Void) -> Void) -> RadioActivity {
        var activity = RadioActivity(frames: 0)
        var burst: (start: Int64, last: Int64)?
        runs { run in
            activity.frames += run.frames
            if let open = burst, run.first <= open.last + tail {
                burst = (open.start, max(open.last, run.last))
                return
            }
            if let open = burst { activity.close((open.start, open.last + tail), promotion: promotion) }
            burst = (run.first, run.last)
        }
        if let open = burst { activity.close((open.start, open.last + tail), promotion: promotion) }
        return activity
    }
}

/// What `RadioPowerModel.activity` estimated.
public struct RadioActivity: Sendable, Equatable, Codable {
    /// Frames that drove the estimate.
    public var frames: Int
    /// Promotions: bursts of frames separated by more than the tail.
    public var promotions = 0
    /// Time in the promotion and high-power states, ns.
    public var activeNs: Int64 = 0

    public init(frames: Int = 0, promotions: Int = 0, activeNs: Int64 = 0) {
        self.frames = frames
        self.promotions = promotions
        self.activeNs = activeNs
    }

    mutating func close(_ burst: (start: Int64, end: Int64), promotion: Int64) {
        promotions += 1
        activeNs += promotion + burst.end - burst.start
    }
}
