/// When browse queries are sent: each tier starts `tierDelayMs` after the previous one, and
/// within a tier queries follow RFC 6762 §5.2 continuous querying — the first at the tier's
/// start, then after 1 s, 2 s, 4 s … (doubling), until the browse ends.
public struct BonjourQuerySchedule: Sendable, Equatable {
    /// One planned query.
    public struct Entry: Sendable, Equatable {
        /// Milliseconds after the browse start.
        public var atMs: Int
        /// Index into the strategy's tiers.
        public var tier: Int
        /// 0 for the first query of the tier.
        public var round: Int
    }

    /// The plan, sorted by time (ties by tier).
    public private(set) var entries: [Entry]

    /// - Parameters:
    ///   - tiers: number of tiers.
    ///   - tierDelayMs: gap between tier starts.
    ///   - untilMs: no query at or after this time.
    ///   - requery: false sends only the first query of each tier.
    ///   - firstIntervalMs: RFC 6762's first interval (1000 ms).
    public init(tiers: Int, tierDelayMs: Int, untilMs: Int, requery: Bool = true, firstIntervalMs: Int = 1000) {
        var entries: [Entry] = []
        for tier in 0..<tiers {
            var at = tier * tierDelayMs
            var interval = firstIntervalMs
            var round = 0
            while at < untilMs {
                entries.append(Entry(atMs: at, tier: tier, round: round))
                guard requery else { break }
                at += interval
                interval *= 2
                round += 1
            }
        }
        self.entries = entries.sorted { ($0.atMs, $0.tier) < ($1.atMs, $1.tier) }
    }
}
