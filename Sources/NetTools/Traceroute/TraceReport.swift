/// What `scanbench traceroute --json` prints (docs/TOOLS.md).
public struct TraceReport: Sendable, Encodable {
    public var host: String
    public var ip: String
    /// `udp`, `icmp` or `tcp`.
    public var method: String
    public var hops: [TraceHop]

    enum CodingKeys: String, CodingKey { case host, ip, method, hops }

    public init(host: String, ip: String, method: String, hops: [TraceHop]) {
        self.host = host
        self.ip = ip
        self.method = method
        self.hops = hops
    }
}
