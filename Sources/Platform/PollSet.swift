#if canImport(Glibc)
import Glibc
#endif
import CPlatform

/// A fixed set of raw descriptors waited on together with a nanosecond timeout (`ppoll(2)`):
/// what a loop over descriptors that are not sockets needs (the testbed switch's TAPs and its
/// wake event). `Socket.wait` is the millisecond `poll(2)` for sockets.
public struct PollSet {
    private var entries: [pollfd]

    /// - Parameters:
    ///   - descriptors: the descriptors, in the order `fired(_:)` indexes them.
    ///   - events: what to wait for on every one.
    public init(descriptors: [Int32], events: PollEvents) {
        entries = descriptors.map { pollfd(fd: $0, events: events.rawValue, revents: 0) }
    }

    /// Waits until a descriptor is ready or `nanoseconds` pass (negative: no timeout).
    /// A signal ends the wait early with nothing fired.
    /// - Returns: false when the kernel refused the wait (anything but `EINTR`).
    public mutating func wait(nanoseconds: Int64) -> Bool {
        let count = UInt(entries.count)
        let ready = entries.withUnsafeMutableBufferPointer { scanbench_ppoll($0.baseAddress, count, nanoseconds) }
        if ready < 0 {
            for index in entries.indices { entries[index].revents = 0 }
            return Errno.current == .interrupted
        }
        return true
    }

    /// What fired on the descriptor at `index` in the last wait.
    public func fired(_ index: Int) -> PollEvents { PollEvents(rawValue: entries[index].revents) }

    /// The number of descriptors.
    public var count: Int { entries.count }
}
