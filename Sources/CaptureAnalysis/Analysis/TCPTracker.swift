import CaptureFiles
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
///
/// Memory follows the attempts in flight, not the capture: an attempt is handed to its
/// initiator's `TCPAttemptFold` once no later packet can change it under these rules, give or
/// take `grace`: `grace` after its ending (a FIN pair: after its last packet), `grace` after an
/// unanswered attempt's abandonment, or at once when a new attempt takes its 4-tuple. A packet
/// on the 4-tuple after that starts afresh: a SYN opens a new attempt, anything else is
/// untracked. Open connections stay until they end.
struct TCPTracker {
    /// A FIFO of (time, slot, serial), appended in roughly increasing time.
    struct DueQueue {
        struct Entry {
            var due: Int64
            var serial: Int32
            var slot: Int32
        }

        private var entries: [Entry] = []
        private var head = 0

        mutating func push(due: Int64, slot: Int, serial: Int) {
            entries.append(Entry(due: due, serial: Int32(truncatingIfNeeded: serial), slot: Int32(slot)))
        }

        /// The first entry if it is due before `now`, removed.
        mutating func pop(dueBefore now: Int64) -> Entry? {
            guard head < entries.count, entries[head].due < now else {
                if head > 1024 && head * 4 > entries.count {
                    entries.removeFirst(head)
                    head = 0
                }
                return nil
            }
            head += 1
            return entries[head - 1]
        }
    }

    struct State {
        var tuple: FourTuple
        var isn: UInt32
        /// Creation order over the whole capture (attempts are listed in it); -1 once handed over.
        var serial: Int
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

    /// How long after an attempt can no longer change it is kept anyway (1 s): late duplicates,
    /// the last ACK after a FIN pair and an RST's stragglers still count on the attempt.
    static let grace: Int64 = 1_000_000_000
    /// How often, in capture time, `retire` looks for attempts to hand over (0.1 s).
    static let retireInterval: Int64 = 100_000_000

    /// How long after an unanswered attempt's last SYN it stops counting as in flight.
    let abandonAfter: Int64
    /// Live attempts by slot; a handed-over attempt's slot is reused.
    private var states = SlotPool<State>()
    private var index = FourTupleTable()
    /// When each live attempt may be ready to hand over. An entry is a hint: at its time the
    /// attempt is looked at again, and handed over, queued again, or (an open connection) left
    /// until it ends. Two queues, because each one's times then grow in the order they are queued.
    private var abandonQueue = DueQueue()
    private var endQueue = DueQueue()
    private var nextSerial = 0
    private var nextRetire = Int64.min
    /// Segments that belong to no tracked attempt (connection started before the capture).
    private(set) var untrackedSegments = 0
    /// Slots ever allocated: the most attempts live at once.
    var slotCount: Int { states.capacity }
    /// Where finished attempts go.
    private var folds: TCPAttemptFolds

    init(abandonAfter: Int64, folds: TCPAttemptFolds) {
        self.abandonAfter = abandonAfter
        self.folds = folds
    }

    /// How far before the newest packet an attempt's interval may still end when it is handed
    /// over: intervals before `now - horizon` are final. An attempt is handed over at most
    /// `grace` + `retireInterval` after its end; one that a later SYN supersedes, at once; an
    /// unanswered one can end (an RST of its own) at most that long after its abandonment, so
    /// twice that bounds every case.
    var horizon: Int64 { 2 * (Self.grace + Self.retireInterval) }

    mutating func handle(time: Int64, source: IPv4Address, destination: IPv4Address, segment: TCPHeader) {
        let flags = segment.flags
        let forward = FourTuple(
            initiator: source.value,
            initiatorPort: segment.sourcePort,
            responder: destination.value,
            responderPort: segment.destinationPort
        )
        let found = index.find(forward)
        if flags.contains(.syn) && !flags.contains(.ack) {
            if case (let i, false)? = found {
                if states[i].isn == segment.sequenceNumber {
                    states[i].synCount += 1
                    states[i].lastSyn = time
                    states[i].packetsOut += 1
                    states[i].lastPacket = time
                    return
                }
                states[i].supersededAt = time
                // No later packet reaches it now that the 4-tuple names the new attempt, so its
                // interval is final unless it is an open connection (which runs to the capture's end).
                if states[i].ending != nil || states[i].answeredAt == nil { hand(i, captureEnd: time) }
            }
            let state = State(
                tuple: forward,
                isn: segment.sequenceNumber,
                serial: nextSerial,
                firstSyn: time,
                lastSyn: time,
                lastPacket: time
            )
            nextSerial += 1
            let slot = states.insert(state)
            index[forward] = slot
            abandonQueue.push(due: time &+ abandonAfter &+ Self.grace, slot: slot, serial: state.serial)
            folds.opened(initiator: forward.initiator, at: time)
            return
        }
        switch found {
        case (let i, false)?: fromInitiator(i, time: time, segment: segment)
        case (let i, true)?: fromResponder(i, time: time, segment: segment)
        case nil: untrackedSegments += 1
        }
    }

    private mutating func fromInitiator(_ i: Int, time: Int64, segment: TCPHeader) {
        var s = states[i]
        defer { states[i] = s }
        s.packetsOut += 1
        s.lastPacket = time
        if s.ending != nil { return }
        if s.outcome == .open && !s.handshake && segment.flags.contains(.ack) && !segment.flags.contains(.rst) {
            s.handshake = true
        }
        s.bytesOut += segment.payloadLength
        if segment.flags.contains(.rst) {
            s.ending = .rstFromScanner
            s.endedAt = time
            ended(s, slot: i, at: time)
        } else if segment.flags.contains(.fin) {
            s.finOut = true
            if s.finIn { s.ending = .fin; s.endedAt = time; ended(s, slot: i, at: time) }
        }
    }

    private mutating func fromResponder(_ i: Int, time: Int64, segment: TCPHeader) {
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
                ended(s, slot: i, at: time)
                folds.answered(initiator: s.tuple.initiator, firstSyn: s.firstSyn, at: time, open: false)
                return
            }
            if flags.contains(.syn) && flags.contains(.ack) {
                s.outcome = .open
                s.answeredAt = time
                folds.answered(initiator: s.tuple.initiator, firstSyn: s.firstSyn, at: time, open: true)
                return
            }
        }
        if flags.contains(.syn) { return }  // a retransmitted SYN/ACK
        s.bytesIn += segment.payloadLength
        if flags.contains(.rst) {
            s.ending = .rstFromTarget
            s.endedAt = time
            ended(s, slot: i, at: time)
        } else if flags.contains(.fin) {
            s.finIn = true
            if s.finOut { s.ending = .fin; s.endedAt = time; ended(s, slot: i, at: time) }
        }
    }

    /// An ICMP error quoting a segment sent by an initiator.
    mutating func handleICMPError(time: Int64, type: UInt8, code: UInt8, quoted: ICMPQuotedDatagram) {
        guard type == 3, quoted.protocol == .tcp, let sport = quoted.sourcePort,
            let dport = quoted.destinationPort
        else { return }
        let key = FourTuple(
            initiator: quoted.source.value,
            initiatorPort: sport,
            responder: quoted.destination.value,
            responderPort: dport
        )
        guard let i = index[key], states[i].answeredAt == nil, states[i].ending == nil else { return }
        states[i].outcome = .unreachable
        states[i].answeredAt = time
        states[i].icmpCode = code
        states[i].ending = .refused
        states[i].endedAt = time
        ended(states[i], slot: i, at: time)
        folds.answered(initiator: key.initiator, firstSyn: states[i].firstSyn, at: time, open: false)
    }

    /// Hands every attempt that no later packet can change (see the type's rules) to `folds`;
    /// looks at most every `retireInterval` of capture time, so the cost per packet is a compare.
    mutating func retire(now: Int64) {
        guard now >= nextRetire else { return }
        nextRetire = now &+ Self.retireInterval
        while let entry = abandonQueue.pop(dueBefore: now) { revisit(entry, now: now) }
        while let entry = endQueue.pop(dueBefore: now) { revisit(entry, now: now) }
        folds.flush(before: now &- horizon)
    }

    private mutating func revisit(_ entry: DueQueue.Entry, now: Int64) {
        let slot = Int(entry.slot)
        guard Int32(truncatingIfNeeded: states[slot].serial) == entry.serial else { return }  // handed over already
        let s = states[slot]
        let settled: Int64
        if let ending = s.ending {
            // A FIN pair's end moves with each later packet; other endings are fixed.
            settled = ending == .fin ? s.lastPacket : s.endedAt ?? s.lastPacket
        } else if s.answeredAt == nil {
            settled = s.lastSyn &+ abandonAfter
        } else {
            return  // an open connection: queued again when it ends
        }
        if now &- settled > Self.grace {
            hand(slot, captureEnd: now)
        } else if s.ending != nil {
            endQueue.push(due: settled &+ Self.grace, slot: slot, serial: s.serial)
        } else {
            abandonQueue.push(due: settled &+ Self.grace, slot: slot, serial: s.serial)
        }
    }

    /// Queues a look at an attempt that just ended.
    private mutating func ended(_ s: State, slot: Int, at time: Int64) {
        endQueue.push(due: time &+ Self.grace, slot: slot, serial: s.serial)
    }

    /// Hands every attempt still live to `folds`, with abandonment applied at `captureEnd`, and
    /// returns them. Calling it again returns the same folds.
    mutating func finish(captureEnd: Int64) -> TCPAttemptFolds {
        for slot in 0..<states.capacity where states[slot].serial >= 0 { hand(slot, captureEnd: captureEnd) }
        abandonQueue = DueQueue()
        endQueue = DueQueue()
        folds.flush(before: .max)
        return folds
    }

    private mutating func hand(_ slot: Int, captureEnd: Int64) {
        let s = states[slot]
        index.remove(s.tuple, ifValue: slot)
        states[slot].serial = -1
        states.release(slot)
        folds.add(Self.attempt(s, captureEnd: captureEnd, abandonAfter: abandonAfter), serial: s.serial)
    }

    /// The attempt `s` describes, with abandonment applied: an unanswered attempt ends
    /// `abandonAfter` after its last SYN, at a later attempt on its 4-tuple, or at `captureEnd`,
    /// whichever is first; an open one still going ends at `captureEnd`.
    static func attempt(_ s: State, captureEnd: Int64, abandonAfter timeout: Int64) -> TCPAttempt {
        var ending = s.ending
        var endedAt = s.endedAt
        if ending == .fin { endedAt = s.lastPacket }
        if ending == nil {
            if s.answeredAt == nil {
                ending = .abandoned
                var end = min(s.lastSyn &+ timeout, captureEnd)
                if let superseded = s.supersededAt { end = min(end, superseded) }
                endedAt = max(end, s.lastSyn)
            } else {
                ending = .unterminated
                endedAt = max(captureEnd, s.lastPacket)
            }
        }
        let timed = s.synCount == 1 && (s.outcome == .open || s.outcome == .closed)
        let rtt = timed ? s.answeredAt.map { $0 &- s.firstSyn } : nil
        return TCPAttempt(
            initiator: IPv4Address(s.tuple.initiator),
            initiatorPort: s.tuple.initiatorPort,
            target: IPv4Address(s.tuple.responder),
            targetPort: s.tuple.responderPort,
            initialSequence: s.isn,
            firstSynAt: s.firstSyn,
            lastSynAt: s.lastSyn,
            synTransmissions: s.synCount,
            outcome: s.outcome,
            answeredAt: s.answeredAt,
            rtt: rtt,
            icmpCode: s.icmpCode,
            handshakeCompleted: s.handshake,
            bytesFromInitiator: s.bytesOut,
            bytesFromTarget: s.bytesIn,
            packetsFromInitiator: s.packetsOut,
            packetsFromTarget: s.packetsIn,
            ending: ending ?? .unterminated,
            endedAt: endedAt ?? captureEnd,
            zeekState: Self.zeekState(s, ending: ending ?? .unterminated)
        )
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
