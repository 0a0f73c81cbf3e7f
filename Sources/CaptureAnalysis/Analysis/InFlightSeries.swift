import CaptureFiles

/// A step function counting intervals open at each instant, and its peak.
///
/// Each interval is [start, end): it counts from its start and stops counting at its end. When
/// one interval ends at the very nanosecond another starts, the end is applied first, so the
/// peak is never inflated by a hand-over.
public struct InFlightSeries: Sendable, Equatable, Codable {
    /// One change of the count: from `time` (ns since the epoch) on, `value` are in flight.
    public struct Step: Sendable, Equatable, Codable {
        public var time: Int64
        public var value: Int
    }

    public var steps: [Step]
    /// The largest count reached.
    public var peak: Int
    /// When the peak was first reached (nil when the series is empty).
    public var peakAt: Int64?

    enum CodingKeys: String, CodingKey {
        case steps, peak
        case peakAt = "peak_at"
    }

    /// Builds the series from half-open intervals.
    public init(intervals: [(start: Int64, end: Int64)]) {
        var events: [(time: Int64, delta: Int)] = []
        events.reserveCapacity(intervals.count * 2)
        for interval in intervals {
            events.append((interval.start, 1))
            events.append((max(interval.end, interval.start), -1))
        }
        events.sort { $0.time != $1.time ? $0.time < $1.time : $0.delta < $1.delta }
        var steps: [Step] = []
        var value = 0
        var peak = 0
        var peakAt: Int64?
        var i = 0
        while i < events.count {
            let time = events[i].time
            while i < events.count && events[i].time == time {
                value += events[i].delta
                i += 1
            }
            if let last = steps.last, last.value == value { continue }
            steps.append(Step(time: time, value: value))
            if value > peak { peak = value; peakAt = time }
        }
        self.steps = steps
        self.peak = peak
        self.peakAt = peakAt
    }

    /// A series known only by its peak (`InFlightPeakTracker`, which keeps no steps).
    init(peak: Int, peakAt: Int64?) {
        steps = []
        self.peak = peak
        self.peakAt = peakAt
    }

    /// The count in flight at `time`.
    public func value(at time: Int64) -> Int {
        var low = 0, high = steps.count
        while low < high {
            let mid = (low + high) / 2
            if steps[mid].time <= time { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? 0 : steps[low - 1].value
    }
}
