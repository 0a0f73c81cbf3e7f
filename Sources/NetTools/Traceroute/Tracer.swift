import Platform
import Wire

/// Traceroute without raw sockets: UDP to 33434+ (classic), ICMP echo on a datagram socket,
/// or TCP connects, with rising TTL. ICMP errors are read from each probe socket's error queue
/// (`IP_RECVERR` / `MSG_ERRQUEUE`), so each answer is tied to the socket that caused it.
public struct Tracer: Sendable {
    public enum Method: String, Sendable, Codable, CaseIterable { case udp, icmp, tcp }

    public var method: Method = .udp
    public var maxHops = 30
    public var firstTTL = 1
    public var probesPerHop = 3
    /// Seconds to wait for each hop's probes.
    public var timeout = 2.0
    /// First UDP destination port; each probe uses the next one.
    public var basePort: UInt16 = 33434
    /// Destination port of TCP probes.
    public var tcpPort: UInt16 = 80
    /// Look up hop names (PTR).
    public var resolveNames = true

    public init(
        method: Method = .udp,
        maxHops: Int = 30,
        probesPerHop: Int = 3,
        timeout: Double = 2.0,
        resolveNames: Bool = true
    ) {
        self.method = method
        self.maxHops = maxHops
        self.probesPerHop = probesPerHop
        self.timeout = timeout
        self.resolveNames = resolveNames
    }

    /// Checks the settings.
    public func validate() throws(NetToolError) {
        guard (1...255).contains(maxHops) else { throw .invalidArgument("--max-hops must be 1-255 (got \(maxHops))") }
        guard (1...maxHops).contains(firstTTL) else {
            throw .invalidArgument("--first-ttl must be 1-\(maxHops) (got \(firstTTL))")
        }
        guard (1...10).contains(probesPerHop) else {
            throw .invalidArgument("--queries must be 1-10 (got \(probesPerHop))")
        }
        guard timeout > 0 && timeout <= 60 else {
            throw .invalidArgument("--wait must be above 0 and at most 60 s (got \(timeout))")
        }
    }

    /// Traces the path to `destination`, calling `onHop` as each hop completes.
    public func run(_ destination: IPv4Address, onHop: (TraceHop) -> Void = { _ in }) throws(NetToolError) -> [TraceHop]
    {
        try validate()
        var hops: [TraceHop] = []
        var probeIndex = 0
        for ttl in firstTTL...maxHops {
            var hop = try probeHop(destination, ttl: ttl, probeIndex: &probeIndex)
            if resolveNames, let address = hop.address, let ip = IPv4Address(address) {
                hop.name = HostResolver.reverse(ip)
            }
            hops.append(hop)
            onHop(hop)
            if hop.reachedDestination || hop.unreachable { break }
        }
        return hops
    }

    private struct InFlight {
        var socket: Socket
        var sent: Int64
        var sequence: UInt16
        var probe: TraceHop.Probe?
    }

    private func probeHop(_ destination: IPv4Address, ttl: Int, probeIndex: inout Int) throws(NetToolError) -> TraceHop
    {
        var flights: [InFlight] = []
        defer { for flight in flights { flight.socket.close() } }
        let marker = MarkedICMPEcho.makeMarker()
        for _ in 0..<probesPerHop {
            let sequence = UInt16(truncatingIfNeeded: probeIndex + 1)
            do {
                let socket: Socket =
                    switch method {
                    case .udp: try Socket.udp()
                    case .icmp: try Socket.icmpDatagram()
                    case .tcp: try Socket.tcp(nonBlocking: true)
                    }
                flights.append(InFlight(socket: socket, sent: 0, sequence: sequence))
                try socket.setTTL(ttl)
                try socket.enableErrorQueue()
                try? socket.enableTimestamps()
                let sent = RealtimeClock.now()
                switch method {
                case .udp:
                    try socket.send(
                        [UInt8](repeating: 0x40, count: 32),
                        to: destination,
                        port: basePort &+ UInt16(truncatingIfNeeded: probeIndex)
                    )
                case .icmp:
                    try socket.send(
                        MarkedICMPEcho.request(sequence: sequence, marker: marker),
                        to: destination,
                        port: 0
                    )
                case .tcp:
                    if case .failed(let code) = socket.startConnect(to: destination, port: tcpPort),
                        code != .connectionRefused
                    {
                        flights[flights.count - 1].probe = TraceHop.Probe(
                            address: nil,
                            rttMs: nil,
                            answer: "error-\(code.rawValue)"
                        )
                    }
                }
                flights[flights.count - 1].sent = sent
            } catch {
                if method == .icmp && error.isPermission {
                    throw .system(
                        "cannot open an ICMP datagram socket (\(error)); allow your group in net.ipv4.ping_group_range or use --method udp"
                    )
                }
                throw error.toolError
            }
            probeIndex += 1
        }
        let deadline = MonotonicClock.signedNow() + Int64(timeout * 1e9)
        while flights.contains(where: { $0.probe == nil }) {
            let left = deadline - MonotonicClock.signedNow()
            if left <= 0 { break }
            let waiting = flights.indices.filter { flights[$0].probe == nil }
            let events: PollEvents = method == .tcp ? .writable : .readable
            let fired = Socket.wait(
                waiting.map { flights[$0].socket },
                for: events,
                milliseconds: Int(left / 1_000_000) + 1
            )
            for (index, revents) in zip(waiting, fired) where !revents.isEmpty {
                flights[index].probe = read(flights[index], destination: destination, marker: marker)
            }
        }
        let probes = flights.map { $0.probe ?? TraceHop.Probe(address: nil, rttMs: nil, answer: nil) }
        let reached = probes.contains {
            ["port-unreachable", "echo-reply", "tcp-connected", "tcp-refused"].contains($0.answer ?? "")
                && $0.address == destination.description
        }
        let unreachable = probes.contains { $0.answer?.hasPrefix("unreachable-") ?? false }
        return TraceHop(
            ttl: ttl,
            probes: probes,
            address: probes.compactMap(\.address).first,
            name: nil,
            reachedDestination: reached,
            unreachable: unreachable && !reached
        )
    }

    /// Reads what woke a probe socket: a queued ICMP error, an echo reply, or a TCP outcome.
    private func read(_ flight: InFlight, destination: IPv4Address, marker: [UInt8]) -> TraceHop.Probe? {
        func rtt(_ kernelTime: Int64?) -> Double { Double((kernelTime ?? RealtimeClock.now()) - flight.sent) / 1e6 }
        if let error = try? flight.socket.receiveError(), error.isICMP {
            let answer: String =
                switch (error.icmpType, error.icmpCode) {
                case (11, _): "time-exceeded"
                case (3, 3): "port-unreachable"
                case (3, let code): "unreachable-\(code)"
                case (let type, let code): "icmp-\(type)-\(code)"
                }
            return TraceHop.Probe(address: error.offender?.description, rttMs: rtt(error.kernelTime), answer: answer)
        }
        switch method {
        case .icmp:
            while let datagram = try? flight.socket.receive() {
                if MarkedICMPEcho.replySequence(datagram.bytes, marker: marker) == flight.sequence {
                    return TraceHop.Probe(
                        address: datagram.source.description,
                        rttMs: rtt(datagram.kernelTime),
                        answer: "echo-reply"
                    )
                }
            }
            return nil
        case .tcp:
            let code = flight.socket.connectResult
            if code.rawValue == 0 {
                return TraceHop.Probe(address: destination.description, rttMs: rtt(nil), answer: "tcp-connected")
            }
            if code == .connectionRefused {
                return TraceHop.Probe(address: destination.description, rttMs: rtt(nil), answer: "tcp-refused")
            }
            return nil
        case .udp:
            // A UDP reply from the destination (an open port) also means we arrived.
            if let datagram = try? flight.socket.receive() {
                return TraceHop.Probe(
                    address: datagram.source.description,
                    rttMs: rtt(datagram.kernelTime),
                    answer: "port-unreachable"
                )
            }
            return nil
        }
    }
}
