import CaptureFiles
import Wire

/// One TCP connection attempt: a first SYN from the initiator with a given ISN, its
/// retransmissions, the answer, and — when it was answered with SYN/ACK — the connection.
public struct TCPAttempt: Sendable, Equatable, Codable {
    public var initiator: IPv4Address
    public var initiatorPort: UInt16
    public var target: IPv4Address
    public var targetPort: UInt16
    /// The initial sequence number shared by the SYN and its retransmissions.
    public var initialSequence: UInt32
    /// Time of the first SYN (ns since the epoch).
    public var firstSynAt: Int64
    /// Time of the last SYN transmission.
    public var lastSynAt: Int64
    /// SYN transmissions (1 + retransmissions).
    public var synTransmissions: Int
    public var outcome: TCPAttemptOutcome
    /// Time of the first answer (SYN/ACK, RST or ICMP), nil when none.
    public var answeredAt: Int64?
    /// SYN → SYN/ACK or RST in ns, only when the SYN was sent once (Karn's rule: a
    /// retransmitted SYN's answer cannot be matched to one transmission). Nil for ICMP answers,
    /// which may come from a router rather than the target.
    public var rtt: Int64?
    /// ICMP type/code for `unreachable`.
    public var icmpCode: UInt8?
    /// True when the initiator acknowledged the SYN/ACK (three-way handshake complete).
    public var handshakeCompleted: Bool
    /// TCP payload bytes sent by the initiator and by the target.
    public var bytesFromInitiator: Int
    public var bytesFromTarget: Int
    /// Segments seen in each direction (SYNs included).
    public var packetsFromInitiator: Int
    public var packetsFromTarget: Int
    public var ending: TCPConnectionEnding
    /// When the attempt stopped being in flight (terminal packet, abandonment, or capture end).
    public var endedAt: Int64
    /// A Zeek conn.log-style state: S0, REJ, S1, SF, RSTO, RSTR, SH, OTH.
    public var zeekState: String

    enum CodingKeys: String, CodingKey {
        case initiator, target, outcome, rtt, ending
        case initiatorPort = "initiator_port"
        case targetPort = "target_port"
        case initialSequence = "initial_sequence"
        case firstSynAt = "first_syn_at"
        case lastSynAt = "last_syn_at"
        case synTransmissions = "syn_transmissions"
        case answeredAt = "answered_at"
        case icmpCode = "icmp_code"
        case handshakeCompleted = "handshake_completed"
        case bytesFromInitiator = "bytes_from_initiator"
        case bytesFromTarget = "bytes_from_target"
        case packetsFromInitiator = "packets_from_initiator"
        case packetsFromTarget = "packets_from_target"
        case endedAt = "ended_at"
        case zeekState = "zeek_state"
    }

    /// Retransmitted SYNs.
    public var synRetransmissions: Int { synTransmissions - 1 }
    /// True when any payload crossed in either direction.
    public var exchangedData: Bool { bytesFromInitiator + bytesFromTarget > 0 }
}

extension TCPAttempt {
    /// In flight: from the first SYN to the terminal packet or abandonment
    /// (`WireAnalysis.attemptsInFlight`).
    var inFlightInterval: (start: Int64, end: Int64) { (firstSynAt, max(endedAt, firstSynAt)) }

    /// Awaiting an answer: from the first SYN to the first answer, or to abandonment
    /// (`WireAnalysis.awaitingAnswer`).
    func awaitingInterval(abandonAfter: Int64) -> (start: Int64, end: Int64) {
        let end = answeredAt ?? (ending == .abandoned ? endedAt : min(endedAt, lastSynAt &+ abandonAfter))
        return (firstSynAt, max(end, firstSynAt))
    }

    /// Established: from the SYN/ACK to the terminal packet; nil unless open
    /// (`WireAnalysis.connectionsInFlight`).
    var connectionInterval: (start: Int64, end: Int64)? {
        guard outcome == .open else { return nil }
        let start = answeredAt ?? firstSynAt
        return (start, max(endedAt, start))
    }
}
