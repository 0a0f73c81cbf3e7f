// The traceroute, DNS and WHOIS tools' runs in a session report: what the app's tool answered and
// how long the user waited, for the harness to score against traceroute, dig and whois.

extension SessionReport {
    /// One traceroute (spec §5.3).
    public struct TraceRun: Codable, Sendable, Equatable {
        public var target: String
        /// `icmp`, `udp` or `tcp`.
        public var method: String
        /// Seconds from the session's start to the tool's start.
        public var startedS: Double
        /// From the start to the last hop's result reaching the tool's executor.
        public var durationMs: Double
        public var hops: [Hop] = []
        public var error: String?
        /// False when the session ended before the tool's result (`error` says so, and
        /// `duration_ms` is how long it had run by then): scored as a disagreement, never left out.
        public var finished = true

        enum CodingKeys: String, CodingKey {
            case target, method, hops, error, finished
            case startedS = "started_s"
            case durationMs = "duration_ms"
        }
    }

    /// One TTL step: the first responder (nil: every probe timed out) and its name.
    public struct Hop: Codable, Sendable, Equatable {
        public var ttl: Int
        public var address: String?
        public var name: String?
        /// The mean of the answered probes' RTTs (NetMonitor's hop display).
        public var rttMs: Double?
        public var reachedDestination: Bool

        public init(ttl: Int, address: String?, name: String?, rttMs: Double?, reachedDestination: Bool) {
            (self.ttl, self.address, self.name, self.rttMs, self.reachedDestination) = (
                ttl, address, name, rttMs, reachedDestination
            )
        }

        enum CodingKeys: String, CodingKey {
            case ttl, address, name
            case rttMs = "rtt_ms"
            case reachedDestination = "reached_destination"
        }
    }

    /// One DNS lookup (spec §5.5).
    public struct DNSLookupRun: Codable, Sendable, Equatable {
        public var name: String
        /// A, AAAA, MX, TXT, CNAME, NS, SOA or PTR.
        public var type: String
        /// The resolver asked (`ADDRESS:PORT`).
        public var server: String?
        /// NOERROR, NXDOMAIN …; nil when no answer came.
        public var status: String?
        /// Each answer record's data as dig prints it (`dig +short`).
        public var answers: [String] = []
        public var startedS: Double
        /// From the start to the result reaching the main actor (the service is `@MainActor`).
        public var durationMs: Double
        public var error: String?
        /// False when the session ended before the tool's result (`error` says so, and
        /// `duration_ms` is how long it had run by then): scored as a disagreement, never left out.
        public var finished = true

        enum CodingKeys: String, CodingKey {
            case name, type, server, status, answers, error, finished
            case startedS = "started_s"
            case durationMs = "duration_ms"
        }
    }

    /// One WHOIS lookup (spec §5.6): each server asked and its raw answer.
    public struct WhoisLookupRun: Codable, Sendable, Equatable {
        public var query: String
        public var chain: [WhoisAnswer] = []
        public var startedS: Double
        public var durationMs: Double
        public var error: String?
        /// False when the session ended before the tool's result (`error` says so, and
        /// `duration_ms` is how long it had run by then): scored as a disagreement, never left out.
        public var finished = true

        enum CodingKeys: String, CodingKey {
            case query, chain, error, finished
            case startedS = "started_s"
            case durationMs = "duration_ms"
        }
    }

    /// One server's answer, as received.
    public struct WhoisAnswer: Codable, Sendable, Equatable {
        public var server: String
        public var raw: String

        public init(server: String, raw: String) { (self.server, self.raw) = (server, raw) }
    }
}

// In extensions, so that the memberwise initialisers stay for tests (`@testable`).

extension SessionReport.TraceRun {
    public init(target: String, method: String, startedS: Double, durationMs: Double = 0) {
        (self.target, self.method, self.startedS, self.durationMs) = (target, method, startedS, durationMs)
    }
}

extension SessionReport.DNSLookupRun {
    public init(name: String, type: String, startedS: Double, durationMs: Double = 0) {
        (self.name, self.type, self.startedS, self.durationMs) = (name, type, startedS, durationMs)
    }
}

extension SessionReport.WhoisLookupRun {
    public init(query: String, startedS: Double, durationMs: Double = 0) {
        (self.query, self.startedS, self.durationMs) = (query, startedS, durationMs)
    }
}
