/// The result of one `scanbench scan`, in the stable shape `--json` prints (docs/SCANKIT.md).
public struct ScanReport: Codable, Sendable {
    /// One found device.
    public struct Device: Codable, Sendable, Equatable {
        public var ip: String
        public var mac: String?
        public var hostname: String?
        /// Every source that saw it, in the order they first did (`arp`, `tcp`, `icmp`, `ptr`, `bonjour`, `ssdp`).
        public var sources: [String]
        public var firstSource: String
        public var latencyMs: Double?
        public var latencySource: String?
        public var openPorts: [Int]
        /// Milliseconds from scan start to the first sighting.
        public var firstSeenMs: Double

        /// The JSON's keys (public: the harness's lenient `ScanReportExcerpt` reads the same ones).
        public enum CodingKeys: String, CodingKey {
            case ip, mac, hostname, sources
            case firstSource = "first_source"
            case latencyMs = "latency_ms"
            case latencySource = "latency_source"
            case openPorts = "open_ports"
            case firstSeenMs = "first_seen_ms"
        }
    }

    /// One phase run.
    public struct Phase: Codable, Sendable, Equatable {
        public var id: String
        public var startMs: Double
        public var endMs: Double
        /// `completed`, `abandoned`, `cancelled`, or `not_built` (the strategy names a phase ScanKit lacks).
        public var outcome: String
        enum CodingKeys: String, CodingKey { case id, outcome, startMs = "start_ms", endMs = "end_ms" }
    }

    /// The run's totals and settings (the `summary` object of the JSON).
    public struct Totals: Codable, Sendable, Equatable {
        public var strategy: String
        public var interface: String
        public var network: String
        public var hostsPlanned: Int
        public var durationS: Double
        public var connectionsCreated: Int
        public var peakConnectionsInFlight: Int
        public var budgetWaits: Int
        /// UI publishes; nil when no publishing model is plugged in.
        public var publishes: Int?
        /// The publishing model's costs (publishes, main-actor busy time, frames); nil without one.
        public var publishing: ObserverSummary?
        /// `.waiting` states seen, by POSIX error.
        public var waitingByError: [String: Int]
        public var phases: [Phase]

        enum CodingKeys: String, CodingKey {
            case strategy, interface, network, publishes, publishing, phases
            case hostsPlanned = "hosts_planned"
            case durationS = "duration_s"
            case connectionsCreated = "connections_created"
            case peakConnectionsInFlight = "peak_connections_in_flight"
            case budgetWaits = "budget_waits"
            case waitingByError = "waiting_by_error"
        }
    }

    public var devices: [Device]
    public var summary: Totals
}
