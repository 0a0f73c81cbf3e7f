extension SessionReport {
    /// One magic packet the Wake-on-LAN tool sent (spec §5.7: success = the send completed).
    public struct WakeOnLANRun: Codable, Sendable, Equatable {
        public var mac: String
        public var destination: String
        public var port: Int
        /// Seconds from session start to the send.
        public var startedS: Double
        public var durationMs: Double
        /// Wall-clock time of the send (Unix ns), for the listener's latency.
        public var sentUnixNs: Int64
        /// The packet as sent, lower-case hex (the listener logs the same form).
        public var packetHex: String?
        public var error: String?
        /// False when the session ended before the tool's result (`error` says so, and
        /// `duration_ms` is how long it had run by then): scored as a disagreement, never left out.
        public var finished = true

        public init(
            mac: String,
            destination: String,
            port: Int,
            startedS: Double,
            durationMs: Double,
            sentUnixNs: Int64,
            packetHex: String?,
            error: String?
        ) {
            (self.mac, self.destination, self.port, self.startedS) = (mac, destination, port, startedS)
            (self.durationMs, self.sentUnixNs, self.packetHex, self.error) = (durationMs, sentUnixNs, packetHex, error)
        }

        enum CodingKeys: String, CodingKey {
            case mac, destination, port, error, finished
            case startedS = "started_s"
            case durationMs = "duration_ms"
            case sentUnixNs = "sent_unix_ns"
            case packetHex = "packet_hex"
        }
    }

    /// One resolved DNS-SD service instance.
    public struct ResolvedService: Codable, Sendable, Hashable {
        public var instance: String
        /// `_ssh._tcp`.
        public var type: String
        /// SRV target and port; nil when the resolve got no SRV.
        public var host: String?
        public var port: Int?
        /// IPv4 addresses of the host; empty when unresolved.
        public var addresses: [String]

        public init(instance: String, type: String, host: String?, port: Int?, addresses: [String]) {
            (self.instance, self.type, self.host, self.port, self.addresses) = (instance, type, host, port, addresses)
        }
    }

    /// One run of the Bonjour browser tool.
    public struct BonjourBrowse: Codable, Sendable, Equatable {
        public var startedS: Double
        public var durationMs: Double
        /// The types browsed.
        public var types: [String]
        /// `own` or `shared_with_scan` (`tools.bonjour_service`), and the service session's
        /// generation when shared.
        public var service: String
        public var generation: Int?
        /// Every service heard, resolved or not.
        public var services: [ResolvedService]
        public var error: String?
        /// False when the session ended before the tool's result (`error` says so, and
        /// `duration_ms` is how long it had run by then): scored as a disagreement, never left out.
        public var finished = true

        public init(
            startedS: Double,
            durationMs: Double,
            types: [String],
            service: String,
            generation: Int?,
            services: [ResolvedService],
            error: String?
        ) {
            (self.startedS, self.durationMs, self.types, self.service) = (startedS, durationMs, types, service)
            (self.generation, self.services, self.error) = (generation, services, error)
        }

        enum CodingKeys: String, CodingKey {
            case types, service, generation, services, error, finished
            case startedS = "started_s"
            case durationMs = "duration_ms"
        }
    }

    /// One device-detail service discovery: the services whose addresses include the device's.
    public struct DetailDiscovery: Codable, Sendable, Equatable {
        public var target: String
        public var startedS: Double
        public var durationMs: Double
        public var service: String
        public var generation: Int?
        /// The types browsed (the app's declared ones).
        public var types: [String]
        /// Services heard during the window (before the address filter).
        public var heard: Int
        /// The device's services as the screen stores them: "instance (type)".
        public var services: [String]
        public var error: String?
        /// False when the session ended before the tool's result (`error` says so, and
        /// `duration_ms` is how long it had run by then): scored as a disagreement, never left out.
        public var finished = true

        public init(
            target: String,
            startedS: Double,
            durationMs: Double,
            service: String,
            generation: Int?,
            types: [String],
            heard: Int,
            services: [String],
            error: String?
        ) {
            (self.target, self.startedS, self.durationMs, self.service, self.generation) = (
                target, startedS, durationMs, service, generation
            )
            self.types = types
            (self.heard, self.services, self.error) = (heard, services, error)
        }

        enum CodingKeys: String, CodingKey {
            case target, service, generation, types, heard, services, error, finished
            case startedS = "started_s"
            case durationMs = "duration_ms"
        }
    }
}
