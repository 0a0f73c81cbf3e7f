import Platform
import Foundation
import Wire

/// NetDiag+'s host monitor: pings every host each round and reports only changes of state
/// (up → down, down → up), never "still up".
public struct HostMonitor: Sendable {
    /// A change of one host's state.
    public struct Transition: Sendable, Codable, Equatable {
        public var host: String
        /// nil on the first round (the initial state).
        public var from: String?
        public var to: String
        public var round: Int
        public var rttMs: Double?
        public var time: Date

        enum CodingKeys: String, CodingKey { case host, from, to, round, time, rttMs = "rtt_ms" }
    }

    public var interval: Double = 5
    /// Attempts per host per round; the host is up if any is answered.
    public var attempts = 1
    public var timeout = 1.0
    public var mode: Pinger.Mode = .auto
    /// How an ICMP ping waits for its reply (`Pinger.replyWait`).
    public var replyWait: ICMPReplyWait = .poll
    /// Ports a TCP ping connects to.
    public var tcpPorts: [UInt16] = [443, 80, 22]

    public init(
        interval: Double = 5,
        attempts: Int = 1,
        timeout: Double = 1.0,
        mode: Pinger.Mode = .auto,
        replyWait: ICMPReplyWait = .poll,
        tcpPorts: [UInt16] = [443, 80, 22]
    ) {
        self.interval = interval
        self.attempts = attempts
        self.timeout = timeout
        self.mode = mode
        self.replyWait = replyWait
        self.tcpPorts = tcpPorts
    }

    /// The transitions between two rounds' states (pure; the first round reports every host).
    public static func transitions(
        previous: [String: Bool],
        current: [String: Bool],
        round: Int,
        rtts: [String: Double] = [:],
        time: Date = Date()
    ) -> [Transition] {
        current.keys.sorted().compactMap { host in
            let now = current[host]!
            let before = previous[host]
            guard before != now else { return nil }
            return Transition(
                host: host,
                from: before.map { $0 ? "up" : "down" },
                to: now ? "up" : "down",
                round: round,
                rttMs: rtts[host],
                time: time
            )
        }
    }

    /// Monitors `hosts` for `rounds` rounds (nil: until `shouldStop` says so).
    public func run(
        _ hosts: [(name: String, ip: IPv4Address)],
        rounds: Int?,
        shouldStop: @Sendable () -> Bool = { false },
        onTransition: (Transition) -> Void
    ) throws(NetToolError) {
        guard interval > 0, timeout > 0, attempts >= 1 else {
            throw .invalidArgument("--interval, --timeout and --attempts must be positive")
        }
        var configured = Pinger(
            count: attempts,
            interval: min(0.2, interval),
            timeout: timeout,
            mode: mode,
            tcpPorts: tcpPorts
        )
        configured.replyWait = replyWait
        let pinger = configured
        try pinger.validate()
        var states: [String: Bool] = [:]
        var round = 0
        while rounds.map({ round < $0 }) ?? true, !shouldStop() {
            round += 1
            let started = Date()
            let results = Results(count: hosts.count)
            // One thread per host: pings block on the network, not the CPU.
            let group = DispatchGroup()
            for (index, host) in hosts.enumerated() {
                group.enter()
                Thread {
                    let replies = (try? pinger.run(host.ip).replies) ?? []
                    results.set(index, replies.compactMap(\.rttMs).first)
                    group.leave()
                }.start()
            }
            group.wait()
            var current: [String: Bool] = [:], rtts: [String: Double] = [:]
            for (index, host) in hosts.enumerated() {
                let rtt = results.get(index)
                current[host.name] = rtt != nil
                rtts[host.name] = rtt
            }
            for transition in Self.transitions(previous: states, current: current, round: round, rtts: rtts) {
                onTransition(transition)
            }
            states = current
            if rounds.map({ round >= $0 }) ?? false { break }
            let wait = interval - Date().timeIntervalSince(started)
            if wait > 0 { CurrentThread.sleep(milliseconds: Int(wait * 1000)) }
        }
    }

    private final class Results: @unchecked Sendable {
        // @unchecked: every access goes through `lock`.
        private let lock = NSLock()
        private var values: [Double?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Double?) { lock.lock(); values[index] = value; lock.unlock() }
        func get(_ index: Int) -> Double? { lock.lock(); defer { lock.unlock() }; return values[index] }
    }
}
