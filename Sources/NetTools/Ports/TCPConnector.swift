import Platform
import Wire

/// Non-blocking TCP connects multiplexed with `poll`: the single place where the tools open TCP
/// connections, so that ScanKit's connection model can replace it without touching the tools.
public enum TCPConnector {
    /// How a connect attempt ended.
    public enum Outcome: Sendable, Equatable {
        /// The handshake completed.
        case connected
        /// The host answered with a reset (ECONNREFUSED): alive, port closed.
        case refused
        /// The connect failed with another error (EHOSTUNREACH, ENETUNREACH, …).
        case failed(Int32)
        /// Nothing answered before the timeout.
        case timedOut
    }

    /// One endpoint to connect to.
    public struct Target: Sendable, Hashable {
        public var ip: IPv4Address
        public var port: UInt16
        public init(ip: IPv4Address, port: UInt16) {
            self.ip = ip
            self.port = port
        }
    }

    /// One finished attempt. `socket` is the connected socket when `keepOpen` was asked for and
    /// the handshake completed; the receiver must close it.
    public struct Attempt: Sendable {
        public var target: Target
        public var outcome: Outcome
        /// Milliseconds from the connect call to the outcome (the timeout for `timedOut`).
        public var elapsedMs: Double
        public var socket: Socket?
    }

    /// Connects to every target with at most `concurrency` attempts in flight (a sliding
    /// window), reporting each in completion order.
    /// - Parameters:
    ///   - holdFailures: keep a failed attempt's slot until its timeout, as a connection model
    ///     whose `.waiting` state is ignored would (the port scanner's `timer` policy).
    ///   - stopWhen: return early once this says so for an attempt (e.g. the first success).
    public static func run(
        _ targets: [Target],
        concurrency: Int,
        timeout: Double,
        keepOpen: Bool = false,
        holdFailures: (Outcome) -> Bool = { _ in false },
        stopWhen: (Attempt) -> Bool = { _ in false },
        report: (Attempt) -> Void
    ) {
        struct Pending {
            var target: Target; var socket: Socket?; var start: Int64; var held: Outcome?; var heldMs: Double
        }
        var queue = targets[...]
        var pending: [Pending] = []
        let timeoutNs = Int64(timeout * 1e9)
        func finish(_ entry: Pending, _ outcome: Outcome, _ ms: Double, keep: Bool) -> Bool {
            let attempt = Attempt(
                target: entry.target,
                outcome: outcome,
                elapsedMs: ms,
                socket: keep ? entry.socket : nil
            )
            if !keep { entry.socket?.close() }
            report(attempt)
            return stopWhen(attempt)
        }
        func closeAll() { for entry in pending { entry.socket?.close() } }
        while !queue.isEmpty || !pending.isEmpty {
            while pending.count < max(1, concurrency), let target = queue.popFirst() {
                let start = MonotonicClock.signedNow()
                guard let socket = try? Socket.tcp(nonBlocking: true) else {
                    if finish(
                        Pending(target: target, socket: nil, start: start, held: nil, heldMs: 0),
                        .failed(24),
                        0,
                        keep: false
                    ) {
                        closeAll(); return
                    }
                    continue
                }
                var entry = Pending(target: target, socket: socket, start: start, held: nil, heldMs: 0)
                switch socket.startConnect(to: target.ip, port: target.port) {
                case .inProgress: pending.append(entry)
                case .connected:
                    if finish(entry, .connected, 0, keep: keepOpen) { closeAll(); return }
                case .failed(let code):
                    let outcome: Outcome = code == .connectionRefused ? .refused : .failed(code.rawValue)
                    if holdFailures(outcome) {
                        socket.close(); entry.socket = nil; entry.held = outcome; pending.append(entry)
                    } else if finish(entry, outcome, Double(MonotonicClock.signedNow() - start) / 1e6, keep: false) {
                        closeAll(); return
                    }
                }
            }
            let now = MonotonicClock.signedNow()
            let nearest = pending.map { $0.start + timeoutNs }.min() ?? now
            let live = pending.compactMap(\.socket)
            let waitMs = Int(max(0, (nearest - now + 999_999) / 1_000_000))
            let events = live.isEmpty ? [] : Socket.wait(live, for: .writable, milliseconds: waitMs)
            if live.isEmpty { CurrentThread.sleep(milliseconds: waitMs) }
            let fired = Dictionary(uniqueKeysWithValues: zip(live.map(\.descriptor), events))
            let after = MonotonicClock.signedNow()
            var remaining: [Pending] = []
            var stop = false
            for var entry in pending {
                let elapsed = Double(after - entry.start) / 1e6
                if stop { entry.socket?.close(); continue }
                if let socket = entry.socket, let revents = fired[socket.descriptor], !revents.isEmpty {
                    let error = socket.connectResult
                    let outcome: Outcome =
                        error.rawValue == 0
                        ? .connected : error == .connectionRefused ? .refused : .failed(error.rawValue)
                    if outcome != .connected && holdFailures(outcome) {
                        socket.close(); entry.socket = nil; entry.held = outcome; entry.heldMs = elapsed
                        remaining.append(entry)
                        continue
                    }
                    stop = finish(entry, outcome, elapsed, keep: keepOpen && outcome == .connected)
                } else if after - entry.start >= timeoutNs {
                    // A held failure ends as a timeout: the timer, not the error, decided.
                    stop = finish(entry, .timedOut, timeout * 1000, keep: false)
                } else {
                    remaining.append(entry)
                }
            }
            pending = remaining
            if stop { closeAll(); return }
        }
    }

    /// Connects to one endpoint; the socket is returned (open) only when connected.
    public static func connect(_ ip: IPv4Address, port: UInt16, timeout: Double) -> Attempt {
        var result = Attempt(
            target: Target(ip: ip, port: port),
            outcome: .timedOut,
            elapsedMs: timeout * 1000,
            socket: nil
        )
        run([Target(ip: ip, port: port)], concurrency: 1, timeout: timeout, keepOpen: true) { result = $0 }
        return result
    }
}
