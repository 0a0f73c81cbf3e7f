/// Frames held on one link direction until their release time, in arrival order.
///
/// Release times never go backwards: a frame is never released before the one ahead of it, so
/// jitter delays frames but never reorders them. Public so the benchmarks package can measure
/// the switch's per-frame path without TAP devices.
public struct FrameQueue: Sendable {
    private var frames: [(release: Int64, frame: [UInt8], identity: UInt64, flooded: Bool)] = []
    private var head = 0
    /// The release time of the most recently queued frame (ns).
    public private(set) var lastRelease: Int64 = 0
    /// Held frames that are not copies of a flood (unicast, a directed ARP request): the switch
    /// sends on the queues holding one before it copies floods further.
    public private(set) var unfloodedCount = 0

    /// Creates an empty queue.
    public init() {}

    /// True when no frame is held.
    public var isEmpty: Bool { head == frames.count }
    /// When the frame at the head leaves (ns), or nil when the queue is empty.
    public var nextRelease: Int64? { isEmpty ? nil : frames[head].release }

    /// Queues `frame` to leave at `release` or, to keep order, right after the previous frame.
    /// - Parameters:
    ///   - identity: the frame's `FrameIdentity`, handed back with it (the downlink's draws need it).
    ///   - flooded: whether it is one of a flood's copies.
    public mutating func push(_ frame: [UInt8], identity: UInt64 = 0, release: Int64, flooded: Bool = false) {
        let at = max(release, lastRelease)
        lastRelease = at
        frames.append((at, frame, identity, flooded))
        if !flooded { unfloodedCount += 1 }
    }

    /// Removes and returns the frames due at `now` (at most `limit` of them), with their identities.
    public mutating func popDue(now: Int64, limit: Int = .max) -> [(frame: [UInt8], identity: UInt64)] {
        var due: [(frame: [UInt8], identity: UInt64)] = []
        while head < frames.count, frames[head].release <= now, due.count < limit {
            due.append((frames[head].frame, frames[head].identity))
            if !frames[head].flooded { unfloodedCount -= 1 }
            head += 1
        }
        if head > 64 && head * 2 > frames.count {
            frames.removeFirst(head)
            head = 0
        }
        return due
    }
}
