// NetDiag+'s host monitor and certificate check in a session report: the transitions it reported,
// for the harness to score against the testbed's truth, and the certificate, against openssl.

extension SessionReport {
    /// One `monitor` action: its passes and the changes of state they reported (seed 003:129-134).
    public struct MonitorRun: Codable, Sendable, Equatable {
        /// The hosts' addresses, in the script's order.
        public var targets: [String]
        /// `icmp_rcvtimeo`, `icmp` or `tcp`: the strategy's `tools.ping.method`.
        public var method: String
        public var rounds: Int
        public var intervalMs: Int
        /// Seconds from the session's start to the first pass.
        public var startedS: Double
        /// From the first pass's start to the last pass's result reaching the tool's executor.
        public var durationMs: Double
        /// Each host's first state (`from` nil), then only up → down and down → up.
        public var transitions: [MonitorTransition] = []
        public var error: String?
        /// False when the session ended before the last pass (`error` says so).
        public var finished = true

        public init(
            targets: [String],
            method: String,
            rounds: Int,
            intervalMs: Int,
            startedS: Double,
            durationMs: Double
        ) {
            (self.targets, self.method, self.rounds, self.intervalMs, self.startedS, self.durationMs) = (
                targets, method, rounds, intervalMs, startedS, durationMs
            )
        }

        enum CodingKeys: String, CodingKey {
            case targets, method, rounds, transitions, error, finished
            case intervalMs = "interval_ms"
            case startedS = "started_s"
            case durationMs = "duration_ms"
        }
    }

    /// A change of one host's state in one pass.
    public struct MonitorTransition: Codable, Sendable, Equatable {
        public var host: String
        /// `up` or `down`; nil in the host's first pass.
        public var from: String?
        public var to: String
        /// 1-based pass number.
        public var round: Int
        /// The answering echo's RTT when `to` is `up`.
        public var rttMs: Double?
        /// Seconds from the session's start to the report of this change.
        public var atS: Double

        public init(host: String, from: String?, to: String, round: Int, rttMs: Double?, atS: Double) {
            (self.host, self.from, self.to, self.round, self.rttMs, self.atS) = (host, from, to, round, rttMs, atS)
        }

        enum CodingKeys: String, CodingKey {
            case host, from, to, round
            case rttMs = "rtt_ms"
            case atS = "at_s"
        }
    }
}

extension SessionReport {
    /// One certificate check (seed 003:1): the leaf certificate as NetTools' `CertificateChecker`
    /// read it.
    public struct CertRun: Codable, Sendable, Equatable {
        /// `HOST:PORT` as checked.
        public var endpoint: String
        /// RFC 2253 distinguished names.
        public var subject: String?
        public var issuer: String?
        /// ISO 8601.
        public var notAfter: String?
        public var selfSigned: Bool?
        /// OpenSSL's verdict against the system trust store ("ok" or the reason).
        public var verification: String?
        public var startedS: Double
        /// From the start to the result reaching the tool's executor.
        public var durationMs: Double
        public var error: String?
        /// False when the session ended before the tool's result (`error` says so).
        public var finished = true

        public init(endpoint: String, startedS: Double, durationMs: Double) {
            (self.endpoint, self.startedS, self.durationMs) = (endpoint, startedS, durationMs)
        }

        enum CodingKeys: String, CodingKey {
            case endpoint, subject, issuer, verification, error, finished
            case notAfter = "not_after"
            case selfSigned = "self_signed"
            case startedS = "started_s"
            case durationMs = "duration_ms"
        }
    }
}
