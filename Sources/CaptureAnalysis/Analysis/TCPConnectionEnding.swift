import CaptureFiles

/// How a connection (or attempt) stopped being in flight.
public enum TCPConnectionEnding: String, Sendable, Codable, CaseIterable {
    /// Both sides sent FIN.
    case fin
    /// The scanner (initiator) sent RST.
    case rstFromScanner = "rst_from_scanner"
    /// The target (responder) sent RST after the handshake answer.
    case rstFromTarget = "rst_from_target"
    /// Answered with RST or ICMP unreachable: the answer itself ended it.
    case refused
    /// No answer; abandoned after the timeout (or at the end of the capture).
    case abandoned
    /// Open when the capture ended, with no FIN pair or RST seen.
    case unterminated
}
