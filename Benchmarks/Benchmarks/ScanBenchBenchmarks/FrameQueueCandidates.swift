import DequeModule
import HeapModule

/// `Testbed.FrameQueue`'s contract (release times never go backwards; frames leave in arrival
/// order) on swift-collections storage, to measure whether the switch should adopt it
/// (docs/BENCHMARKS.md#frame-queue-storage). Same API as `FrameQueue`, so the benchmark body is
/// the same for all three. Compiled in this module, they are inlined into the benchmark loop,
/// which `FrameQueue` (in Testbed) is not: the decision rests on `FrameQueue` itself rebuilt on
/// each storage, and these are the quick way to try another.
struct DequeFrameQueue: Sendable {
    private var frames = Deque<(release: Int64, frame: [UInt8], identity: UInt64)>()
    private var order = ReleaseOrder()

    var isEmpty: Bool { frames.isEmpty }
    var nextRelease: Int64? { frames.first?.release }

    mutating func push(_ frame: [UInt8], identity: UInt64 = 0, release: Int64) {
        frames.append((order.next(release), frame, identity))
    }

    mutating func popDue(now: Int64) -> [(frame: [UInt8], identity: UInt64)] {
        var due: [(frame: [UInt8], identity: UInt64)] = []
        while let first = frames.first, first.release <= now {
            frames.removeFirst()
            due.append((first.frame, first.identity))
        }
        return due
    }
}

/// The same queue as a min-heap on (release, arrival): what a queue that may reorder would need;
/// with release times that never go backwards it holds the same order as a FIFO.
struct HeapFrameQueue: Sendable {
    private struct Held: Comparable, Sendable {
        var release: Int64
        var arrival: UInt64
        var frame: [UInt8]
        var identity: UInt64
        static func < (a: Held, b: Held) -> Bool { (a.release, a.arrival) < (b.release, b.arrival) }
        static func == (a: Held, b: Held) -> Bool { a.release == b.release && a.arrival == b.arrival }
    }

    private var frames = Heap<Held>()
    private var arrivals: UInt64 = 0
    private var order = ReleaseOrder()

    var isEmpty: Bool { frames.isEmpty }
    var nextRelease: Int64? { frames.min?.release }

    mutating func push(_ frame: [UInt8], identity: UInt64 = 0, release: Int64) {
        arrivals += 1
        frames.insert(Held(release: order.next(release), arrival: arrivals, frame: frame, identity: identity))
    }

    mutating func popDue(now: Int64) -> [(frame: [UInt8], identity: UInt64)] {
        var due: [(frame: [UInt8], identity: UInt64)] = []
        while let first = frames.min, first.release <= now {
            _ = frames.popMin()
            due.append((first.frame, first.identity))
        }
        return due
    }
}

/// `FrameQueue`'s rule for release times: never before the previous frame's, so jitter delays
/// frames but never reorders them.
struct ReleaseOrder: Sendable {
    private(set) var last: Int64 = 0

    mutating func next(_ release: Int64) -> Int64 {
        last = max(release, last)
        return last
    }
}
