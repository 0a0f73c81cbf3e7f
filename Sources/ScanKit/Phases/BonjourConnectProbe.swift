#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Wire

/// NetMonitor's resolve-by-connection (spec §2.3 step 3): a TCP connection to the service
/// endpoint; once ready, the remote address is the device's. Only the Bonjour phase uses it.
///
/// A minimal NWConnection-shaped connect over a non-blocking socket: `preparing` at connect,
/// `ready` on handshake, `waiting` with the POSIX error on refusal or unreachable (NWConnection
/// waits rather than fails there), and `cancelled` at the end; the caller's timer decides
/// timeouts. Readiness is polled with a zero timeout between 5 ms sleeps, so no concurrency
/// worker blocks. Every connection and state change is logged.
enum BonjourConnectProbe {
    /// How the attempt ended.
    enum Outcome: Sendable, Equatable {
        case ready
        /// Gave up on `.waiting` (policy `fail`), with the error name.
        case waiting(String)
        /// Refused, and the policy `inspect_error` counts a refusal as proof of life.
        case refusedAlive
        case timedOut
        case failed(String)
    }

    /// Run-unique connection numbers for `connection_created` (this phase's own range, offset so
    /// they never collide with the connection model's small numbers).
    private static let nextID = Atomic<UInt64>(1_000_000)

    /// Connects to `ip:port` and waits up to `timeoutMs`.
    static func connect(ip: IPv4Address, port: UInt16, timeoutMs: Int, waitingPolicy: Strategy.WaitingPolicy,
                        interface: String?, phase: String, events: (any EventSink)?) async -> Outcome {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        events?.record(.connectionCreated(.init(connection: id, transport: "tcp", ip: ip, port: Int(port), phase: phase)))
        func state(_ name: String, _ error: String? = nil) {
            events?.record(.connectionState(.init(connection: id, state: name, error: error)))
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            let name = errorName(errno)
            state("failed", name)
            return .failed(name)
        }
        defer {
            _ = close(fd)
            state("cancelled")
        }
        if let interface {
            _ = interface.withCString { setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, $0, socklen_t(strlen($0) + 1)) }
        }
        state("preparing")
        var address = DiscoverySocket.socketAddress(ip, port)
        let started = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let deadline = MonotonicClock.now() + UInt64(timeoutMs) * 1_000_000
        var reportedWaiting = false
        if started < 0 && errno != EINPROGRESS {
            return react(to: errno, reported: &reportedWaiting, state: state, waitingPolicy: waitingPolicy) ?? .timedOut
        }
        while MonotonicClock.now() < deadline {
            if Task.isCancelled { return .timedOut }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&entry, 1, 0) > 0 {
                var code: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
                if code == 0 {
                    state("ready")
                    return .ready
                }
                if let outcome = react(to: code, reported: &reportedWaiting, state: state, waitingPolicy: waitingPolicy) {
                    return outcome
                }
                // Timer policy: NWConnection keeps waiting for a better path; nothing will change here.
                let remaining = deadline > MonotonicClock.now() ? deadline - MonotonicClock.now() : 0
                try? await Task.sleep(for: .nanoseconds(remaining))
                return .timedOut
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return .timedOut
    }

    /// Maps a connect error to NWConnection's `.waiting` and the strategy's policy.
    /// - Returns: the outcome, or nil when the timer should decide.
    private static func react(to code: Int32, reported: inout Bool, state: (String, String?) -> Void,
                              waitingPolicy: Strategy.WaitingPolicy) -> Outcome? {
        let name = errorName(code)
        let waits = [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EHOSTDOWN, ETIMEDOUT].contains(code)
        guard waits else {
            state("failed", name)
            return .failed(name)
        }
        if !reported { state("waiting", name); reported = true }
        switch waitingPolicy {
        case .fail: return .waiting(name)
        case .inspectError: return code == ECONNREFUSED ? .refusedAlive : nil
        case .timer: return nil
        }
    }

    static func errorName(_ code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "ECONNREFUSED"
        case EHOSTUNREACH: "EHOSTUNREACH"
        case ENETUNREACH: "ENETUNREACH"
        case EHOSTDOWN: "EHOSTDOWN"
        case ETIMEDOUT: "ETIMEDOUT"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        default: "errno \(code)"
        }
    }
}
