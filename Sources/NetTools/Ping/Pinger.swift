import Platform
import Wire

/// Ping: ICMP echo over an unprivileged datagram socket, or TCP connects when ICMP is
/// unavailable or asked for.
public struct Pinger: Sendable {
    /// Which probe to use.
    public enum Mode: String, Sendable, Codable, CaseIterable {
        /// ICMP when an ICMP datagram socket can be opened, else TCP.
        case auto
        case icmp
        case tcp
    }

    public var count: Int = 4
    /// Seconds between the starts of consecutive attempts.
    public var interval: Double = 1.0
    /// Seconds to wait for each reply.
    public var timeout: Double = 5.0
    public var mode: Mode = .auto
    /// Ports the TCP fallback connects to in parallel; a connect or a refusal counts as a reply.
    public var tcpPorts: [UInt16] = [443, 80, 22]
    /// How an ICMP attempt waits for its reply.
    public var replyWait: ICMPReplyWait = .poll

    public init(
        count: Int = 4,
        interval: Double = 1.0,
        timeout: Double = 5.0,
        mode: Mode = .auto,
        tcpPorts: [UInt16] = [443, 80, 22]
    ) {
        self.count = count
        self.interval = interval
        self.timeout = timeout
        self.mode = mode
        self.tcpPorts = tcpPorts
    }

    /// Checks the settings.
    /// - Throws: ``NetToolError/invalidArgument(_:)`` naming the bad value.
    public func validate() throws(NetToolError) {
        guard count >= 1 && count <= 100_000 else {
            throw .invalidArgument("--count must be between 1 and 100000 (got \(count))")
        }
        guard interval >= 0.001 && interval <= 3600 else {
            throw .invalidArgument("--interval must be between 0.001 and 3600 seconds (got \(interval))")
        }
        guard timeout > 0 && timeout <= 60 else {
            throw .invalidArgument("--timeout must be above 0 and at most 60 seconds (got \(timeout))")
        }
        guard !tcpPorts.isEmpty, !tcpPorts.contains(0) else { throw .invalidArgument("TCP ping ports must be 1-65535") }
    }

    /// Pings `ip`, calling `onReply` after each attempt.
    /// - Returns: the method used ("icmp" or "tcp") and every reply.
    /// - Throws: ``NetToolError`` when `.icmp` was asked for and no ICMP socket can be opened.
    public func run(
        _ ip: IPv4Address,
        onReply: (PingAttempt) -> Void = { _ in }
    ) throws(NetToolError) -> (method: String, replies: [PingAttempt]) {
        try validate()
        var socket: Socket?
        if mode != .tcp {
            do {
                socket = try Socket.icmpDatagram()
            } catch {
                if mode == .icmp {
                    throw .system(
                        "cannot open an ICMP datagram socket (\(error)); allow your group in net.ipv4.ping_group_range, or use --tcp"
                    )
                }
            }
        }
        defer { socket?.close() }
        var replies: [PingAttempt] = []
        let marker = MarkedICMPEcho.makeMarker()
        if let socket { try? socket.enableTimestamps() }
        for sequence in 1...count {
            let started = MonotonicClock.signedNow()
            let reply =
                socket.map { icmpAttempt($0, ip: ip, sequence: sequence, marker: marker) }
                ?? tcpAttempt(ip, sequence: sequence)
            replies.append(reply)
            onReply(reply)
            if sequence < count {
                let spent = Int((MonotonicClock.signedNow() - started) / 1_000_000)
                CurrentThread.sleep(milliseconds: Int(interval * 1000) - spent)
            }
        }
        return (socket == nil ? "tcp" : "icmp", replies)
    }

    /// One echo: drain stale datagrams, send, read until our reply or the deadline.
    func icmpAttempt(_ socket: Socket, ip: IPv4Address, sequence: Int, marker: [UInt8]) -> PingAttempt {
        let wireSequence = UInt16(truncatingIfNeeded: sequence)
        while (try? socket.receive()) != nil {}
        let packet = MarkedICMPEcho.request(sequence: wireSequence, marker: marker)
        let sent = RealtimeClock.now()
        do {
            try socket.send(packet, to: ip, port: 0)
        } catch {
            return PingAttempt(sequence: sequence, rttMs: nil, method: "icmp", error: error.description)
        }
        guard
            let (datagram, arrived) = MarkedICMPEcho.awaitReply(
                on: socket,
                from: ip,
                sequence: wireSequence,
                marker: marker,
                timeout: timeout,
                wait: replyWait
            )
        else { return PingAttempt(sequence: sequence, rttMs: nil, method: "icmp", error: "timeout") }
        let received = datagram.kernelTime ?? arrived
        return PingAttempt(sequence: sequence, rttMs: Double(received - sent) / 1e6, method: "icmp")
    }

    /// One TCP attempt: connect to every port at once; the first handshake or refusal wins.
    func tcpAttempt(_ ip: IPv4Address, sequence: Int) -> PingAttempt {
        var winner: TCPConnector.Attempt?
        var longest = 0.0
        TCPConnector.run(
            tcpPorts.map { TCPConnector.Target(ip: ip, port: $0) },
            concurrency: tcpPorts.count,
            timeout: timeout,
            stopWhen: { $0.outcome == .connected || $0.outcome == .refused }
        ) { attempt in
            longest = max(longest, attempt.elapsedMs)
            if attempt.outcome == .connected || attempt.outcome == .refused { winner = attempt }
        }
        guard let winner else { return PingAttempt(sequence: sequence, rttMs: nil, method: "tcp", error: "timeout") }
        return PingAttempt(sequence: sequence, rttMs: winner.elapsedMs, method: "tcp:\(winner.target.port)")
    }
}
