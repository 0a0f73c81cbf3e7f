import Wire

/// One ping attempt and its outcome: a reply's round trip, or the timeout or error that
/// came instead (not `SessionReport.PingReply`, the app session's record of one echo).
public struct PingAttempt: Sendable, Codable, Equatable {
    /// 1-based sequence number.
    public var sequence: Int
    /// Round-trip time in milliseconds; nil when the attempt was lost.
    public var rttMs: Double?
    /// How it was measured: "icmp" or "tcp:PORT".
    public var method: String
    /// Why it was lost ("timeout", or a system error), nil on success.
    public var error: String?

    enum CodingKeys: String, CodingKey {
        case sequence, method, error
        case rttMs = "rtt_ms"
    }

    public init(sequence: Int, rttMs: Double?, method: String, error: String? = nil) {
        self.sequence = sequence
        self.rttMs = rttMs
        self.method = method
        self.error = error
    }
}
