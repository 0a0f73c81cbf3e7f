import CaptureFiles

/// Totals over the scanner's TCP attempts.
public struct TCPSummary: Sendable, Equatable, Codable {
    /// Distinct attempts (first SYNs; retransmissions excluded).
    public var attempts = 0
    /// SYN transmissions, retransmissions included.
    public var synTransmissions = 0
    /// SYNs resent with the same 4-tuple and ISN.
    public var synRetransmissions = 0
    public var open = 0
    public var closed = 0
    public var unreachable = 0
    public var noAnswer = 0
    /// Open attempts whose handshake the scanner completed with an ACK.
    public var handshakesCompleted = 0
    /// Connections in which payload crossed in either direction.
    public var connectionsWithData = 0
    public var bytesFromScanner = 0
    public var bytesToScanner = 0
    public var endedByFin = 0
    public var endedByRstFromScanner = 0
    public var endedByRstFromTarget = 0
    /// Answered with SYN/ACK but neither FIN pair nor RST seen before the capture ended.
    public var unterminated = 0
    /// Distinct (target, port) pairs probed.
    public var distinctTargetPorts = 0
    /// Distinct targets probed.
    public var distinctTargets = 0

    enum CodingKeys: String, CodingKey {
        case attempts, open, closed, unreachable, unterminated
        case synTransmissions = "syn_transmissions"
        case synRetransmissions = "syn_retransmissions"
        case noAnswer = "no_answer"
        case handshakesCompleted = "handshakes_completed"
        case connectionsWithData = "connections_with_data"
        case bytesFromScanner = "bytes_from_scanner"
        case bytesToScanner = "bytes_to_scanner"
        case endedByFin = "ended_by_fin"
        case endedByRstFromScanner = "ended_by_rst_from_scanner"
        case endedByRstFromTarget = "ended_by_rst_from_target"
        case distinctTargetPorts = "distinct_target_ports"
        case distinctTargets = "distinct_targets"
    }

    public init() {}

    /// Counts one attempt; the distinct counts are the caller's (`TCPAttemptFold`).
    mutating func add(_ a: TCPAttempt) {
        attempts += 1
        synTransmissions += a.synTransmissions
        synRetransmissions += a.synRetransmissions
        switch a.outcome {
        case .open: open += 1
        case .closed: closed += 1
        case .unreachable: unreachable += 1
        case .noAnswer: noAnswer += 1
        }
        if a.handshakeCompleted { handshakesCompleted += 1 }
        if a.exchangedData { connectionsWithData += 1 }
        bytesFromScanner += a.bytesFromInitiator
        bytesToScanner += a.bytesFromTarget
        if a.outcome == .open {
            switch a.ending {
            case .fin: endedByFin += 1
            case .rstFromScanner: endedByRstFromScanner += 1
            case .rstFromTarget: endedByRstFromTarget += 1
            case .unterminated: unterminated += 1
            case .refused, .abandoned: break
            }
        }
    }
}
