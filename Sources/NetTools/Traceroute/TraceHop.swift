/// One TTL step of a trace: what each probe saw.
public struct TraceHop: Sendable, Codable, Equatable {
    /// One probe's outcome.
    public struct Probe: Sendable, Codable, Equatable {
        /// Who answered (nil: nothing within the timeout).
        public var address: String?
        public var rttMs: Double?
        /// The ICMP answer: "time-exceeded", "port-unreachable", "echo-reply", "tcp-connected",
        /// "tcp-refused", "unreachable-N" (other destination-unreachable codes), or nil.
        public var answer: String?

        enum CodingKeys: String, CodingKey { case address, answer, rttMs = "rtt_ms" }
    }

    public var ttl: Int
    public var probes: [Probe]
    /// The first responder's address, and its PTR name when looked up.
    public var address: String?
    public var name: String?
    /// True when the destination itself answered at this TTL.
    public var reachedDestination: Bool
    /// True when a router said the destination is unreachable (the trace stops).
    public var unreachable: Bool

    enum CodingKeys: String, CodingKey {
        case ttl, probes, address, name, unreachable
        case reachedDestination = "reached_destination"
    }
}
