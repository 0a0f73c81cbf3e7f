import Wire

/// Follows TCP attempts and connections through a capture (single pass, any initiator).
///
/// Rules (documented in docs/CAPTURE.md):
/// - a SYN without ACK from A:a to B:b opens an attempt keyed by that 4-tuple; another SYN on
///   the same 4-tuple with the same ISN is a retransmission; with a different ISN it is a new
///   attempt (the old one stays as it was);
/// - the first answer decides the outcome: SYN/ACK → open, RST → closed, ICMP unreachable
///   quoting the SYN's 4-tuple → unreachable; none → no answer;
/// - after SYN/ACK, the initiator's first ACK without SYN completes the handshake, payload
///   bytes are summed per direction, and the connection ends with the first RST (from either
///   side) or when both sides have sent FIN (ending at the last packet seen after that).
struct TCPTracker {
    struct State {
        var tuple: FourTuple
        var isn: UInt32
        var firstSyn: Int64
        var lastSyn: Int64
        var synCount = 1
        var outcome: TCPAttemptOutcome = .noAnswer
        var answeredAt: Int64?
        var icmpCode: UInt8?
        var handshake = false
        var bytesOut = 0
        var bytesIn = 0
        var packetsOut = 1
        var packetsIn = 0
        var finOut = false
        var finIn = false
        var ending: TCPConnectionEnding?
        var endedAt: Int64?
        var lastPacket: Int64
        /// First SYN time of a later attempt on the same 4-tuple, if any.
        var supersededAt: Int64?
    }

    private(set) var states: [State] = []
    private var index = FourTupleTable()
    /// Segments that belong to no tracked attempt (connection started before the capture).
    private(set) var untrackedSegments = 0

    mutating func handle(time: Int64, source: IPv4Address, destination: IPv4Address, segment: TCPSegment) {
        let flags = segment.flags
        let forward = FourTuple(initiator: source.value, initiatorPort: segment.sourcePort,
                                responder: destination.value, responderPort: segment.destinationPort)
        let existing = index[forward]
        if flags.contains(.syn) && !flags.contains(.ack) {
            if let i = existing {
                if states[i].isn == segment.sequenceNumber {
                    states[i].synCount += 1
                    states[i].lastSyn = time
                    states[i].packetsOut += 1
                    states[i].lastPacket = time
                    return
                }
                states[i].supersededAt = time
            }
            index[forward] = states.count
            states.append(State(tuple: forward, isn: segment.sequenceNumber, firstSyn: time,
                                lastSyn: time, lastPacket: time))
            return
        }
        if let i = existing {
            fromInitiator(i, time: time, segment: segment)
            return
        }
        let reverse = FourTuple(initiator: destination.value, initiatorPort: segment.destinationPort,
                                responder: source.value, responderPort: segment.sourcePort)
        if let i = index[reverse] {
            fromResponder(i, time: time, segment: segment)
            return
        }
        untrackedSegments += 1
    }

    private mutating func fromInitiator(_ i: Int, time: Int64, segment: TCPSegment) {
        var s = states[i]
        defer { states[i] = s }
        s.packetsOut += 1
        s.lastPacket = time
        if s.ending != nil { return }
        if s.outcome == .open && !s.handshake && segment.flags.contains(.ack) && !segment.flags.contains(.rst) {
            s.handshake = true
        }
        s.bytesOut += segment.payload.count
        if segment.flags.contains(.rst) {
            s.ending = .rstFromScanner
            s.endedAt = time
        } else if segment.flags.contains(.fin) {
            s.finOut = true
            if s.finIn { s.ending = .fin; s.endedAt = time }
        }
    }

    private mutating func fromResponder(_ i: Int, time: Int64, segment: TCPSegment) {
        var s = states[i]
        defer { states[i] = s }
        s.packetsIn += 1
        s.lastPacket = time
        if s.ending != nil { return }
        let flags = segment.flags
        if s.answeredAt == nil {
            if flags.contains(.rst) {
                s.outcome = .closed
                s.answeredAt = time
                s.ending = .refused
                s.endedAt = time
                return
            }
            if flags.contains(.syn) && flags.contains(.ack) {
                s.outcome = .open
                s.answeredAt = time
                return
            }
        }
        if flags.contains(.syn) { return }  // a retransmitted SYN/ACK
        s.bytesIn += segment.payload.count
        if flags.contains(.rst) {
            s.ending = .rstFromTarget
            s.endedAt = time
        } else if flags.contains(.fin) {
            s.finIn = true
            if s.finOut { s.ending = .fin; s.endedAt = time }
        }
    }

    /// An ICMP error quoting a segment sent by an initiator.
    mutating func handleICMPError(time: Int64, type: UInt8, code: UInt8, quoted: ICMPQuotedDatagram) {
        guard type == 3, quoted.protocol == .tcp, let sport = quoted.sourcePort,
              let dport = quoted.destinationPort else { return }
        let key = FourTuple(initiator: quoted.source.value, initiatorPort: sport,
                            responder: quoted.destination.value, responderPort: dport)
        guard let i = index[key], states[i].answeredAt == nil, states[i].ending == nil else { return }
        states[i].outcome = .unreachable
        states[i].answeredAt = time
        states[i].icmpCode = code
        states[i].ending = .refused
        states[i].endedAt = time
    }

    /// Final attempts, with abandonment applied: those `initiator` opened, or all when nil
    /// (filtered here, so no second array of every attempt is built and thrown away).
    func attempts(captureEnd: Int64, abandonAfter timeout: Int64, initiator: IPv4Address? = nil) -> [TCPAttempt] {
        states.compactMap { s -> TCPAttempt? in
            if let initiator, s.tuple.initiator != initiator.value { return nil }
            var ending = s.ending
            var endedAt = s.endedAt
            if ending == .fin { endedAt = s.lastPacket }
            if ending == nil {
                if s.answeredAt == nil {
                    ending = .abandoned
                    var end = min(s.lastSyn + timeout, captureEnd)
                    if let superseded = s.supersededAt { end = min(end, superseded) }
                    endedAt = max(end, s.lastSyn)
                } else {
                    ending = .unterminated
                    endedAt = max(captureEnd, s.lastPacket)
                }
            }
            let timed = s.synCount == 1 && (s.outcome == .open || s.outcome == .closed)
            let rtt = timed ? s.answeredAt.map { $0 - s.firstSyn } : nil
            return TCPAttempt(
                initiator: IPv4Address(s.tuple.initiator), initiatorPort: s.tuple.initiatorPort,
                target: IPv4Address(s.tuple.responder), targetPort: s.tuple.responderPort,
                initialSequence: s.isn, firstSynAt: s.firstSyn, lastSynAt: s.lastSyn,
                synTransmissions: s.synCount, outcome: s.outcome, answeredAt: s.answeredAt, rtt: rtt,
                icmpCode: s.icmpCode, handshakeCompleted: s.handshake,
                bytesFromInitiator: s.bytesOut, bytesFromTarget: s.bytesIn,
                packetsFromInitiator: s.packetsOut, packetsFromTarget: s.packetsIn,
                ending: ending ?? .unterminated, endedAt: endedAt ?? captureEnd,
                zeekState: Self.zeekState(s, ending: ending ?? .unterminated))
        }
    }

    /// Zeek conn.log `conn_state`, approximately: S0 no reply; REJ rejected; S1 established,
    /// not terminated; SF normal FIN close; RSTO/RSTR established then reset by originator /
    /// responder; SH originator sent FIN without an answer; OTH anything else.
    static func zeekState(_ s: State, ending: TCPConnectionEnding) -> String {
        switch (s.outcome, ending) {
        case (.noAnswer, .rstFromScanner): return "RSTOS0"
        case (.noAnswer, _): return s.finOut ? "SH" : "S0"
        case (.closed, _): return "REJ"
        case (.unreachable, _): return "OTH"
        case (.open, .fin): return "SF"
        case (.open, .rstFromScanner): return "RSTO"
        case (.open, .rstFromTarget): return "RSTR"
        case (.open, _): return s.finOut || s.finIn ? "S2" : "S1"
        }
    }
}
