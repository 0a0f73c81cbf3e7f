import CaptureFiles

/// A half-open time interval [start, end) in nanoseconds since the Unix epoch, e.g. one phase
/// of a run.
public struct TimeWindow: Sendable, Equatable, Hashable, Codable {
    /// A label carried through to the result (e.g. the phase name).
    public var label: String
    public var start: Int64
    public var end: Int64

    public init(label: String = "", start: Int64, end: Int64) {
        self.label = label
        self.start = start
        self.end = end
    }

    /// True when `time` is in [start, end).
    public func contains(_ time: Int64) -> Bool { time >= start && time < end }
}
