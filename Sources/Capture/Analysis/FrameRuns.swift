/// Frame times folded into runs: a run holds frames whose consecutive gaps are at most `gap`,
/// as its first time, last time and count — what the radio model needs, in a few bytes per burst
/// instead of 8 bytes per frame.
///
/// Exact for any radio tail ≥ `gap`: inside a run every gap is ≤ the tail, so the radio never
/// sleeps there, and between runs the gap is known exactly (first and last times are kept).
/// Frames out of time order open a run of their own; `merged(with:)` sorts runs before use.
struct FrameRuns: Sendable {
    /// The largest gap folded into one run: 10 ms, far below every published radio tail (Wi-Fi
    /// 238 ms, LTE 11.6 s in Huang et al. 2012), so `RadioPowerModel.activity` stays exact.
    static let gap: Int64 = 10_000_000

    struct Run: Sendable {
        var first: Int64
        var last: Int64
        var frames: Int
    }

    private(set) var runs: [Run] = []

    /// Adds one frame at `time` (ns).
    @inline(__always)
    mutating func add(_ time: Int64) {
        if let i = runs.indices.last {
            if time >= runs[i].first && time <= runs[i].last &+ Self.gap {
                runs[i].frames += 1
                if time > runs[i].last { runs[i].last = time }
                return
            }
        }
        runs.append(Run(first: time, last: time, frames: 1))
    }

    /// This timeline's runs and `other`'s, sorted by first time.
    func merged(with other: FrameRuns) -> [Run] {
        (runs + other.runs).sorted { $0.first < $1.first }
    }
}
