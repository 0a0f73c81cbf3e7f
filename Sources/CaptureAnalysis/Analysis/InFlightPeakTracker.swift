import CaptureFiles

/// The peak of an `InFlightSeries` found while its intervals arrive, in memory bounded by the
/// intervals near the newest packet rather than by the capture.
///
/// Starts and ends come in any order; `flush(before:)` folds every event before a time that no
/// later event can precede (the TCP tracker's horizon) in the order `InFlightSeries` uses — by
/// time, ends before starts at one instant, the peak checked once per instant — so `peak` and
/// `peakAt` equal those of `InFlightSeries(intervals:)` over the same intervals. The steps are not
/// kept: a long capture has millions.
///
/// Starts and ends wait in two lists: each arrives almost in time order (starts at first SYNs, ends
/// as the tracker hands attempts over), so each is sorted in a pass or two and the flush merges
/// them, where one list of both interleaved a second apart was many short runs to sort.
struct InFlightPeakTracker: Sendable {
    /// Starts and ends not folded yet.
    private var starts = PendingTimes()
    private var ends = PendingTimes()
    /// Events kept back by the last flush; the next sort waits until the buffer has doubled.
    private var retained = 0
    private var value = 0
    private(set) var peak = 0
    private(set) var peakAt: Int64?
    private var foldedBefore = Int64.min

    mutating func start(at time: Int64) {
        guard time >= foldedBefore else { value += 1; return }
        starts.append(time)
    }

    mutating func end(at time: Int64) {
        // Before an instant already folded (never, while the tracker's horizon holds): counted
        // from now on; the peak before it is not revisited.
        guard time >= foldedBefore else { value -= 1; return }
        ends.append(time)
    }

    /// Folds the events before `watermark`: no event still to come is earlier.
    mutating func flush(before watermark: Int64) {
        guard watermark == .max || starts.count + ends.count >= max(4096, 2 * retained) else { return }
        starts.sort()
        ends.sort()
        var s = 0, e = 0
        while true {
            let time = min(starts.time(at: s) ?? .max, ends.time(at: e) ?? .max)
            guard time < watermark else { break }
            while ends.time(at: e) == time { value -= 1; e += 1 }
            while starts.time(at: s) == time { value += 1; s += 1 }
            if value > peak { peak = value; peakAt = time }
        }
        starts.removeFirst(s)
        ends.removeFirst(e)
        retained = starts.count + ends.count
        foldedBefore = max(foldedBefore, watermark)
    }

    /// The series without its steps.
    var series: InFlightSeries { InFlightSeries(peak: peak, peakAt: peakAt) }

    /// Event times waiting to be folded, and whether they are still in the order they came.
    private struct PendingTimes: Sendable {
        private var times: [Int64] = []
        private var sorted = true

        var count: Int { times.count }

        @inline(__always)
        mutating func append(_ time: Int64) {
            if let last = times.last, time < last { sorted = false }
            times.append(time)
        }

        mutating func sort() {
            guard !sorted else { return }
            times.sort()
            sorted = true
        }

        @inline(__always)
        func time(at index: Int) -> Int64? { index < times.count ? times[index] : nil }

        mutating func removeFirst(_ n: Int) { times.removeFirst(n) }
    }
}
