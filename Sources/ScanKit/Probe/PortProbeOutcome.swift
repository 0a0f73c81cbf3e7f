/// How one TCP port probe ended (spec §2.4 step 3).
public enum PortProbeOutcome: Sendable, Equatable {
    /// The handshake completed after `ms` milliseconds: the port is open.
    case reachable(ms: Double)
    /// An RST came back (`ECONNREFUSED`) after `ms` milliseconds: the host is alive.
    case refused(ms: Double)
    /// The connection failed (or `.waiting` was treated as failure) with this POSIX error name.
    case failed(error: String)
    /// The caller's timer fired first.
    case timeout
    /// The probe was cancelled (its group ended, or the scan stopped).
    case cancelled

    /// True for an answer that proves the host is there (`reachable` or `refused`).
    public var isAnswer: Bool {
        switch self {
        case .reachable, .refused: true
        default: false
        }
    }

    /// The measured time of an answer.
    public var elapsedMs: Double? {
        switch self {
        case .reachable(let ms), .refused(let ms): ms
        default: nil
        }
    }
}
