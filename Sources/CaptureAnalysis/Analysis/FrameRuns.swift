import CaptureFiles

/// Frame times folded into runs: a run holds frames whose consecutive gaps are at most `gap`,
/// as its first time, last time and count — what the radio model needs, in a few bytes per burst
/// instead of 8 bytes per frame.
///
/// Exact for any radio tail ≥ `gap`: inside a run every gap is ≤ the tail, so the radio never
/// sleeps there, and between runs the gap is known exactly (first and last times are kept).
/// Frames out of time order open a run of their own; `merged(with:)` sorts runs before use.
///
/// Stored in 16 bytes a run (`Packed`: the first time, the span to the last in 32 bits of ns,
/// the count in 32 bits); a run that would span more than 4.29 s or count more than 2³² frames
/// is continued in a new one, which `RadioPowerModel.activity` joins again since the gap between
/// them is within `gap`. Runs are kept in a `ChunkedList`, so a long capture's lists grow
/// without copying.
struct FrameRuns: Sendable {
    /// The largest gap folded into one run: 10 ms, far below every published radio tail (Wi-Fi
    /// 238 ms, LTE 11.6 s in Huang et al. 2012), so `RadioPowerModel.activity` stays exact.
    static let gap: Int64 = 10_000_000

    struct Run: Sendable {
        var first: Int64
        var last: Int64
        var frames: Int
    }

    private struct Packed: Sendable {
        var first: Int64
        var span: UInt32
        var frames: UInt32

        var run: Run { Run(first: first, last: first &+ Int64(span), frames: Int(frames)) }
    }

    /// The runs in opening order (an address that sends a few frames costs one small array).
    private var runs = ChunkedList<Packed>()
    /// Whether every run opened at or after the one before it (a capture in time order).
    private(set) var isSorted = true
    private var newestFirst = Int64.min

    /// Runs so far.
    var count: Int { runs.count }

    /// Adds one frame at `time` (ns).
    @inline(__always)
    mutating func add(_ time: Int64) {
        if runs.updateLast({ Self.extend(&$0, with: time) }) { return }
        if time < newestFirst { isSorted = false }
        newestFirst = max(newestFirst, time)
        runs.append(Packed(first: time, span: 0, frames: 1))
    }

    /// Folds `time` into `run` when it falls within it or within `gap` after its last frame, and
    /// the packed fields can hold the result.
    @inline(__always)
    private static func extend(_ run: inout Packed, with time: Int64) -> Bool {
        let last = run.first &+ Int64(run.span)
        guard time >= run.first, time <= last &+ gap, run.frames < UInt32.max else { return false }
        if time > last {
            guard time &- run.first <= Int64(UInt32.max) else { return false }
            run.span = UInt32(time &- run.first)
        }
        run.frames += 1
        return true
    }

    /// The runs in the order they were opened.
    func forEach(_ body: (Run) -> Void) {
        runs.forEach { body($0.run) }
    }

    /// The run at `position` in opening order.
    private func run(at position: Int) -> Run? {
        runs.element(at: position)?.run
    }

    /// This timeline's runs and `other`'s, in first-time order, handed over one by one: a
    /// two-way merge without a copy when both were opened in time order (a capture in order),
    /// else sorted in one array.
    func forEachMerged(with other: FrameRuns, _ body: (Run) -> Void) {
        guard isSorted, other.isSorted else {
            var all: [Run] = []
            forEach { all.append($0) }
            other.forEach { all.append($0) }
            all.sort { $0.first < $1.first }
            all.forEach(body)
            return
        }
        var i = 0, j = 0
        var a = run(at: 0), b = other.run(at: 0)
        while a != nil || b != nil {
            if let x = a, b.map({ x.first <= $0.first }) ?? true {
                body(x)
                i += 1
                a = run(at: i)
            } else if let y = b {
                body(y)
                j += 1
                b = other.run(at: j)
            }
        }
    }
}
