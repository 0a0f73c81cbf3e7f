/// What `scanbench ping --json` prints (docs/TOOLS.md).
public struct PingReport: Sendable, Encodable {
    public var host: String
    public var ip: String
    /// `icmp` or `tcp`.
    public var method: String
    public var replies: [PingAttempt]
    public var statistics: PingStatistics

    enum CodingKeys: String, CodingKey { case host, ip, method, replies, statistics }

    public init(host: String, ip: String, method: String, replies: [PingAttempt], statistics: PingStatistics) {
        self.host = host
        self.ip = ip
        self.method = method
        self.replies = replies
        self.statistics = statistics
    }
}
