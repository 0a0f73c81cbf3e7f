extension SessionScript {
    /// NetDiag+'s host monitor (seed 003:111-134): `rounds` monitoring passes `interval_ms` apart,
    /// each pinging every target in parallel (003:131-132) and reporting only changes of state —
    /// up → down, down → up, and each host's first state (003:132-134). On iOS a pass runs when
    /// `BGTaskScheduler` grants one, "once every 15+ minutes" (003:116); a script compresses that
    /// to `interval_ms`, a choice of the scenario, not a mechanism of the app.
    public struct Monitor: Codable, Sendable, Equatable {
        /// Addresses or `$name`s (the harness binds `$ping_target` and `$down_target`, an
        /// address of the LAN no device has).
        public var targets: [String]
        public var rounds = 3
        public var intervalMs = 1000
        /// Each ping's wait; nil: the strategy's `tools.ping.timeout_ms`.
        public var timeoutMs: Int?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case targets, rounds
            case intervalMs = "interval_ms"
            case timeoutMs = "timeout_ms"
        }
        public init(targets: [String], rounds: Int = 3, intervalMs: Int = 1000, timeoutMs: Int? = nil) {
            (self.targets, self.rounds, self.intervalMs, self.timeoutMs) = (targets, rounds, intervalMs, timeoutMs)
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            targets = try c.decode([String].self, forKey: .targets)
            rounds = try c.decodeIfPresent(Int.self, forKey: .rounds) ?? 3
            intervalMs = try c.decodeIfPresent(Int.self, forKey: .intervalMs) ?? 1000
            timeoutMs = try c.decodeIfPresent(Int.self, forKey: .timeoutMs)
        }
    }
}

extension SessionScript {
    /// NetDiag+'s SSL certificate check (seed 003:1): the TLS certificate of `endpoint`,
    /// `HOST[:PORT]` (port 443 when left out) or a `$name` (the harness binds `$tls_endpoint` to a
    /// device's TLS port).
    public struct Cert: Codable, Sendable, Equatable {
        public var endpoint: String

        enum CodingKeys: String, CodingKey, CaseIterable { case endpoint }
        public init(endpoint: String) { self.endpoint = endpoint }
    }
}
