import CaptureFiles

/// How the target answered a connection attempt (the first answer counts).
public enum TCPAttemptOutcome: String, Sendable, Codable, CaseIterable {
    /// SYN/ACK received: the port is open.
    case open
    /// RST received before any SYN/ACK: the port is closed.
    case closed
    /// ICMP destination unreachable quoting the SYN: host or port administratively unreachable.
    case unreachable
    /// No answer before the abandonment timeout or the end of the capture: filtered, or no host.
    case noAnswer = "no_answer"
}
