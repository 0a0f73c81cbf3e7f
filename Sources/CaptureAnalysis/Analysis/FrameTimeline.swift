import CaptureFiles

/// The times of every frame of a capture, folded as they are added: the earliest and latest
/// timestamp, and runs (`FrameRuns`) of all frames and of the frames sent to a link-layer or IP
/// group address, which a phone receives whoever it is.
struct FrameTimeline: Sendable {
    /// Earliest and latest timestamp seen (nil before the first frame).
    private(set) var first: Int64?
    private(set) var last: Int64?
    /// Every frame: the radio model's input when no scanner is known.
    private(set) var all = FrameRuns()
    /// Frames to a broadcast or multicast address.
    private(set) var group = FrameRuns()

    @inline(__always)
    mutating func add(_ time: Int64, group isGroup: Bool) {
        if first.map({ time < $0 }) ?? true { first = time }
        if last.map({ time > $0 }) ?? true { last = time }
        all.add(time)
        if isGroup { group.add(time) }
    }
}
