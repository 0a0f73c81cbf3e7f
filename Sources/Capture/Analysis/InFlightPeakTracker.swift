/// The peak of an `InFlightSeries` found while its intervals arrive, in memory bounded by the
/// intervals near the newest packet rather than by the capture.
///
/// Starts and ends come in any order; `flush(before:)` folds every event before a time that no
/// later event can precede (the TCP tracker's horizon) in the order `InFlightSeries` uses — by
/// time, ends before starts at one instant, the peak checked once per instant — so `peak` and
/// `peakAt` equal those of `InFlightSeries(intervals:)` over the same intervals. The steps are not
/// kept: a long capture has millions.
struct InFlightPeakTracker: Sendable {
    /// Events not folded yet: the time shifted left one bit, plus 1 for a start, so sorting puts
    /// an instant's ends before its starts. Unsigned, so every time an event can have (0 and up:
    /// timestamps are clamped to 0...2^62 ns and an interval ends after it starts) fits shifted;
    /// in Int64, 2^62 << 1 wrapped to Int64.min and put a hostile capture's events first.
    private var pending: [UInt64] = []
    /// Events kept back by the last flush; the next sort waits until the buffer has doubled.
    private var retained = 0
    private var value = 0
    private(set) var peak = 0
    private(set) var peakAt: Int64?
    private var foldedBefore = Int64.min

    mutating func start(at time: Int64) { add(time, delta: 1) }

    mutating func end(at time: Int64) { add(time, delta: -1) }

    private mutating func add(_ time: Int64, delta: Int) {
        guard time >= foldedBefore else {
            // Before an instant already folded (never, while the tracker's horizon holds): counted
            // from now on; the peak before it is not revisited.
            value += delta
            return
        }
        pending.append(UInt64(clamping: time) << 1 | (delta > 0 ? 1 : 0))
    }

    /// Folds the events before `watermark`: no event still to come is earlier.
    mutating func flush(before watermark: Int64) {
        guard watermark == .max || pending.count >= max(4096, 2 * retained) else { return }
        pending.sort()
        var i = 0
        while i < pending.count {
            let time = Int64(pending[i] >> 1)
            guard time < watermark else { break }
            while i < pending.count && Int64(pending[i] >> 1) == time {
                value += pending[i] & 1 == 1 ? 1 : -1
                i += 1
            }
            if value > peak { peak = value; peakAt = time }
        }
        pending.removeFirst(i)
        retained = pending.count
        foldedBefore = max(foldedBefore, watermark)
    }

    /// The series without its steps.
    var series: InFlightSeries { InFlightSeries(peak: peak, peakAt: peakAt) }
}
