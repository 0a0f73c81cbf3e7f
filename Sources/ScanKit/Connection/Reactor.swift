import Platform

import Foundation
import Synchronization

/// One epoll thread that watches every probe socket and fires every probe timer of the process.
///
/// Network.framework runs connection callbacks on a dispatch queue; here handlers run on this
/// one thread, so hundreds of concurrent probes cost one thread, not one each. Handlers must be
/// short and must not block. Timers have the kernel's millisecond `epoll_wait` resolution.
public final class Reactor: Sendable {
    /// Called with the epoll event bits and the monotonic time the wait returned.
    typealias Handler = @Sendable (_ events: UInt32, _ nowNs: UInt64) -> Void

    /// A scheduled timer; pass to `cancelTimer`.
    public struct TimerToken: Hashable, Sendable { let id: UInt64 }

    private struct Timer {
        var deadlineNs: UInt64
        var id: UInt64
        var action: @Sendable () -> Void
    }

    private struct State {
        var handlers: [UInt64: Handler] = [:]
        var nextToken: UInt64 = 1
        /// Sorted by deadline, soonest last (cheap pop).
        var timers: [Timer] = []
    }

    /// The process-wide reactor, started on first use.
    public static let shared: Reactor = {
        do { return try Reactor() } catch { fatalError("cannot start the socket reactor: \(error)") }
    }()

    private let epoll: Epoll
    private let wake: WakeEvent
    private static let wakeToken: UInt64 = 0
    private let state = Mutex(State())

    /// Starts a reactor with its own thread.
    /// - Throws: `SystemError` when epoll or the wake-up eventfd cannot be made.
    init() throws {
        epoll = try Epoll()
        wake = try WakeEvent()
        try? epoll.add(wake.descriptor, events: Epoll.readable, token: Self.wakeToken)
        let thread = Thread { [self] in self.loop() }
        thread.name = "scankit-reactor"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Watches `fd` for `events`; `handler` runs on the reactor thread. Returns the token to
    /// pass to `unwatch`, or the errno of `epoll_ctl`.
    func watch(_ fd: Int32, events: UInt32, handler: @escaping Handler) -> Result<UInt64, SystemError> {
        let token = state.withLock { state -> UInt64 in
            let token = state.nextToken
            state.nextToken += 1
            state.handlers[token] = handler
            return token
        }
        do {
            try epoll.add(fd, events: events, token: token)
            return .success(token)
        } catch {
            _ = state.withLock { $0.handlers.removeValue(forKey: token) }
            return .failure(error)
        }
    }

    /// Stops watching (call before closing `fd`); an event already collected for it is dropped.
    func unwatch(_ fd: Int32, token: UInt64) {
        epoll.remove(fd)
        forget(token)
    }

    /// Drops the handler of a watch whose descriptor is already closed. Closing took it out of
    /// epoll, and its number may be another socket's by now, so no `epoll_ctl` is made on it.
    func forget(_ token: UInt64) {
        _ = state.withLock { $0.handlers.removeValue(forKey: token) }
    }

    /// Runs `action` on the reactor thread about `afterNs` nanoseconds from now.
    @discardableResult
    public func schedule(afterNs: UInt64, _ action: @escaping @Sendable () -> Void) -> TimerToken {
        let deadline = MonotonicClock.now() &+ afterNs
        let (token, soonest) = state.withLock { state -> (TimerToken, Bool) in
            let id = state.nextToken
            state.nextToken += 1
            let timer = Timer(deadlineNs: deadline, id: id, action: action)
            // Binary search for the slot keeping the array sorted descending by deadline.
            var low = 0, high = state.timers.count
            while low < high {
                let mid = (low + high) / 2
                if state.timers[mid].deadlineNs > deadline { low = mid + 1 } else { high = mid }
            }
            state.timers.insert(timer, at: low)
            return (TimerToken(id: id), low == state.timers.count - 1)
        }
        if soonest { wake.signal() }
        return token
    }

    /// Cancels a timer that has not fired yet (no-op otherwise).
    public func cancelTimer(_ token: TimerToken) {
        state.withLock { state in
            if let index = state.timers.lastIndex(where: { $0.id == token.id }) { state.timers.remove(at: index) }
        }
    }

    private func loop() {
        while true {
            let timeout: Int32 = state.withLock { state in
                guard let next = state.timers.last else { return 1000 }
                let now = MonotonicClock.now()
                guard next.deadlineNs > now else { return 0 }
                return Int32(min((next.deadlineNs - now + 999_999) / 1_000_000, 1000))
            }
            let ready = epoll.wait(maxEvents: 128, timeoutMs: timeout)
            let now = MonotonicClock.now()
            for (token, events) in ready {
                if token == Self.wakeToken {
                    wake.drain()
                    continue
                }
                let handler = state.withLock { $0.handlers[token] }
                handler?(events, now)
            }
            let due = state.withLock { state -> [Timer] in
                var fired: [Timer] = []
                let current = MonotonicClock.now()
                while let last = state.timers.last, last.deadlineNs <= current {
                    fired.append(state.timers.removeLast())
                }
                return fired
            }
            for timer in due { timer.action() }
        }
    }
}
