/// Summary of a ping run: counts, loss and min/avg/max/stddev over the replies.
public struct PingStatistics: Sendable, Codable, Equatable {
    public var transmitted: Int
    public var received: Int
    /// (transmitted − received) / transmitted × 100.
    public var lossPercent: Double
    public var minMs: Double?
    public var avgMs: Double?
    public var maxMs: Double?
    /// Population standard deviation (divides by n, as NetMonitor and iputils' mdev do).
    public var stddevMs: Double?

    enum CodingKeys: String, CodingKey {
        case transmitted, received
        case lossPercent = "loss_percent"
        case minMs = "min_ms"
        case avgMs = "avg_ms"
        case maxMs = "max_ms"
        case stddevMs = "stddev_ms"
    }

    /// Statistics of `replies`.
    public init(_ replies: [PingAttempt]) {
        transmitted = replies.count
        let rtts = replies.compactMap(\.rttMs)
        received = rtts.count
        lossPercent = transmitted == 0 ? 0 : Double(transmitted - received) / Double(transmitted) * 100
        guard !rtts.isEmpty else { return }
        let mean = rtts.reduce(0, +) / Double(rtts.count)
        minMs = rtts.min()
        maxMs = rtts.max()
        avgMs = mean
        stddevMs = (rtts.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(rtts.count)).squareRoot()
    }
}
