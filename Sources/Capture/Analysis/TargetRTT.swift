import Wire

/// Wire RTT statistics for one target, per probe kind (nanoseconds).
public struct TargetRTT: Sendable, Equatable, Codable {
    /// Order statistics over a set of RTT samples.
    public struct Summary: Sendable, Equatable, Codable {
        public var count: Int
        public var min: Int64
        public var median: Int64
        public var mean: Int64
        public var max: Int64

        /// Summarises `values`; nil when empty. The median of an even count is the mean of the
        /// two middle values.
        public init?(_ values: [Int64]) {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            count = sorted.count
            min = sorted[0]
            max = sorted[sorted.count - 1]
            let mid = sorted.count / 2
            median = sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
            mean = sorted.reduce(0, +) / Int64(sorted.count)
        }
    }

    public var target: IPv4Address
    public var icmpEcho: Summary?
    public var tcpSyn: Summary?

    enum CodingKeys: String, CodingKey {
        case target
        case icmpEcho = "icmp_echo"
        case tcpSyn = "tcp_syn"
    }
}
