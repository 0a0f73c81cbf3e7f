/// What `scanbench ports --json` prints (docs/TOOLS.md).
public struct PortsReport: Sendable, Encodable {
    public var host: String
    public var ip: String
    public var waitingPolicy: String
    public var elapsedMs: Double
    /// Ports per state; the keys are the states (`open`, `closed`, `filtered`).
    public var counts: [String: Int]
    public var ports: [ConnectPortScanner.PortResult]

    enum CodingKeys: String, CodingKey {
        case host, ip, counts, ports
        case waitingPolicy = "waiting_policy"
        case elapsedMs = "elapsed_ms"
    }

    public init(
        host: String,
        ip: String,
        waitingPolicy: String,
        elapsedMs: Double,
        counts: [String: Int],
        ports: [ConnectPortScanner.PortResult]
    ) {
        self.host = host
        self.ip = ip
        self.waitingPolicy = waitingPolicy
        self.elapsedMs = elapsedMs
        self.counts = counts
        self.ports = ports
    }
}
