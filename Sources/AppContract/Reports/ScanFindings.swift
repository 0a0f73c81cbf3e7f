/// What the scan learned of each device beyond its report, read from its event log: the TCP ports
/// it tried there and the Bonjour services it resolved to it. The classify step of a strategy that
/// reuses the scan (`classify.reuse_scan`) gets it, so it neither re-probes those ports nor needs to
/// hear those services again (docs/STRATEGIES.md, "classify").
public struct ScanFindings: Codable, Sendable, Equatable {
    /// One device's findings.
    public struct Device: Codable, Sendable, Equatable {
        /// Every TCP port the scan connected to on the device (any of its phases; not the app's
        /// tools beside it, `ConnectionCreated.isTool`), ascending.
        public var triedPorts: [Int] = []
        /// Of those, the ones the scan found open (its report's; the probe's follow-ups need them).
        public var openPorts: [Int] = []
        /// Bonjour services the scan resolved to the device's address.
        public var services: [Service] = []

        public init(triedPorts: [Int] = [], openPorts: [Int] = [], services: [Service] = []) {
            self.triedPorts = triedPorts
            self.openPorts = openPorts
            self.services = services
        }

        enum CodingKeys: String, CodingKey {
            case services
            case triedPorts = "tried_ports"
            case openPorts = "open_ports"
        }
    }

    /// A resolved DNS-SD service instance, with the TXT the scan heard for it (empty when its
    /// resolve asked for none: NetMonitor's TCP-connect resolve).
    public struct Service: Codable, Sendable, Equatable, Hashable {
        public var instance: String
        /// e.g. `_ipp._tcp`.
        public var type: String
        public var port: Int
        /// TXT `key=value` pairs, keys as sent (as the probe's own browser keeps them).
        public var txt: [String: String] = [:]

        public init(instance: String, type: String, port: Int, txt: [String: String] = [:]) {
            self.instance = instance
            self.type = type
            self.port = port
            self.txt = txt
        }

        /// `txt` may be absent (a service heard without TXT).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                instance: try c.decode(String.self, forKey: .instance),
                type: try c.decode(String.self, forKey: .type),
                port: try c.decode(Int.self, forKey: .port),
                txt: try c.decodeIfPresent([String: String].self, forKey: .txt) ?? [:]
            )
        }

        enum CodingKeys: String, CodingKey { case instance, type, port, txt }

        /// RFC 6763 §6.4: the key runs to the first `=`; a string without one is a key with no
        /// value; the first occurrence of a key wins.
        static func pairs(_ strings: [String]) -> [String: String] {
            var pairs: [String: String] = [:]
            for string in strings where !string.isEmpty && !string.hasPrefix("=") {
                let parts = string.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(parts[0])
                if pairs[key] == nil { pairs[key] = parts.count > 1 ? String(parts[1]) : "" }
            }
            return pairs
        }
    }

    /// By IPv4 address in dotted-quad text.
    public var devices: [String: Device]

    public init(devices: [String: Device] = [:]) { self.devices = devices }

    /// Whether findings are built from `event`: the scan's own TCP `connection_created` (not a
    /// tool's) and an accepted `service_resolved`.
    public static func reads(_ event: ScanEvent) -> Bool {
        switch event {
        case .connectionCreated(let created): created.transport == .tcp && !created.isTool
        case .serviceResolved(let resolved): resolved.accepted
        default: false
        }
    }

    /// The findings an event log records (the scan's `connection_created` over TCP and accepted
    /// `service_resolved` events), with the open ports of the scan's `report`. A session's tools
    /// write to the same log: a port only the port scanner or the TCP ping touched was not tried
    /// by the scan, so the classify step must still probe it.
    public init(events: [EventRecord], report: ScanReport) {
        var ports: [String: Set<Int>] = [:]
        var services: [String: [Service]] = [:]
        for record in events where Self.reads(record.event) {
            switch record.event {
            case .connectionCreated(let created):
                ports[created.ip.description, default: []].insert(created.port)
            case .serviceResolved(let resolved):
                let service = Service(
                    instance: resolved.instance,
                    type: resolved.serviceType,
                    port: resolved.port,
                    txt: Service.pairs(resolved.txt ?? [])
                )
                let known = services[resolved.ip.description] ?? []
                if !known.contains(where: { $0.instance == service.instance && $0.type == service.type }) {
                    services[resolved.ip.description, default: []].append(service)
                }
            default:
                continue
            }
        }
        var devices: [String: Device] = [:]
        let open = Dictionary(report.devices.map { ($0.ip, $0.openPorts) }, uniquingKeysWith: { first, _ in first })
        for ip in Set(ports.keys).union(services.keys).union(open.keys) {
            devices[ip] = Device(
                triedPorts: (ports[ip] ?? []).sorted(),
                openPorts: (open[ip] ?? []).sorted(),
                services: services[ip] ?? []
            )
        }
        self.devices = devices
    }
}
