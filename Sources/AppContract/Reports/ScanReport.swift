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

        public init(
            ip: String,
            mac: String?,
            hostname: String?,
            sources: [String],
            firstSource: String,
            latencyMs: Double?,
            latencySource: String?,
            openPorts: [Int],
            firstSeenMs: Double
        ) {
            (self.ip, self.mac, self.hostname, self.sources, self.firstSource) = (
                ip, mac, hostname, sources, firstSource
            )
            (self.latencyMs, self.latencySource, self.openPorts, self.firstSeenMs) = (
                latencyMs, latencySource, openPorts, firstSeenMs
            )
        }

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

        public init(id: String, startMs: Double, endMs: Double, outcome: String) {
            (self.id, self.startMs, self.endMs, self.outcome) = (id, startMs, endMs, outcome)
        }

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

        public init(
            strategy: String,
            interface: String,
            network: String,
            hostsPlanned: Int,
            durationS: Double,
            connectionsCreated: Int,
            peakConnectionsInFlight: Int,
            budgetWaits: Int,
            publishes: Int?,
            publishing: ObserverSummary?,
            waitingByError: [String: Int],
            phases: [Phase]
        ) {
            (self.strategy, self.interface, self.network, self.hostsPlanned, self.durationS) = (
                strategy, interface, network, hostsPlanned, durationS
            )
            (self.connectionsCreated, self.peakConnectionsInFlight, self.budgetWaits) = (
                connectionsCreated, peakConnectionsInFlight, budgetWaits
            )
            (self.publishes, self.publishing, self.waitingByError, self.phases) = (
                publishes, publishing, waitingByError, phases
            )
        }

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

    public init(devices: [Device], summary: Totals) {
        self.devices = devices
        self.summary = summary
    }
}
