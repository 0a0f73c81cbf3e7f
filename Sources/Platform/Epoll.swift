#if canImport(Glibc)
import Glibc
#endif
import CPlatform

/// An epoll instance (close-on-exec): the readiness queue under ScanKit's socket reactor, which
/// waits on thousands of connects at once where `poll` would rescan them all each time.
public struct Epoll: Sendable {
    public let descriptor: Int32

    /// Interest flags: writable once (a connect finished), readable, and the error bits.
    public static let writableOnce = EPOLLOUT.rawValue | EPOLLONESHOT.rawValue
    public static let readable = EPOLLIN.rawValue
    public static let errorMask = EPOLLERR.rawValue | EPOLLHUP.rawValue

    /// A new epoll instance.
    public init() throws(SystemError) {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw SystemError("epoll_create1") }
        descriptor = fd
    }

    /// Adds `fd` with `events`, tagging it with `token`.
    /// - Throws: ``SystemError`` from `epoll_ctl(ADD)`.
    public func add(_ fd: Int32, events: UInt32, token: UInt64) throws(SystemError) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        guard epoll_ctl(descriptor, EPOLL_CTL_ADD, fd, &event) == 0 else { throw SystemError("epoll_ctl(ADD)") }
    }

    /// Stops watching `fd` (before it is closed).
    public func remove(_ fd: Int32) { _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, nil) }

    /// Waits up to `timeoutMs` for events; returns (token, events) pairs (empty on timeout or a signal).
    public func wait(maxEvents: Int, timeoutMs: Int32) -> [(token: UInt64, events: UInt32)] {
        var buffer = [epoll_event](repeating: epoll_event(), count: maxEvents)
        let count = epoll_wait(descriptor, &buffer, Int32(maxEvents), timeoutMs)
        guard count > 0 else { return [] }
        return buffer.prefix(Int(count)).map { ($0.data.u64, $0.events) }
    }

    /// Waits up to `nanoseconds` (negative: no timeout) and fills `ready` with the tokens of at
    /// most 64 descriptors that fired, reusing its storage: what a loop that wakes per frame needs,
    /// where `poll` would rescan every descriptor and a fresh buffer would be allocated each time.
    /// - Returns: false when the kernel refused the wait (anything but `EINTR`).
    public func wait(nanoseconds: Int64, into ready: inout [UInt64]) -> Bool {
        ready.removeAll(keepingCapacity: true)
        return withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: 64) { buffer in
            let count = scanbench_epoll_wait_ns(descriptor, buffer.baseAddress, Int32(buffer.count), nanoseconds)
            guard count >= 0 else { return Errno.current == .interrupted }
            for index in 0..<Int(count) { ready.append(buffer[index].data.u64) }
            return true
        }
    }
}

/// A non-blocking, close-on-exec eventfd: how another thread wakes a thread waiting in epoll or
/// ppoll. It owns its descriptor and closes it when the last reference goes.
public final class WakeEvent: Sendable {
    public let descriptor: Int32

    public init() throws(SystemError) {
        descriptor = scanbench_eventfd()
        guard descriptor >= 0 else { throw SystemError("eventfd") }
    }

    deinit { close(descriptor) }

    /// Makes the descriptor readable.
    public func signal() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Clears it again (after the waiter woke).
    public func drain() {
        var value: UInt64 = 0
        _ = read(descriptor, &value, 8)
    }
}
