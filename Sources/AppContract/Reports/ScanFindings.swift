/// What the scan learned of each device beyond its report, read from its event log: the TCP ports
/// it tried there and the Bonjour services it resolved to it. The classify step of a strategy that
/// reuses the scan (`classify.reuse_scan`) gets it, so it neither re-probes those ports nor needs to
/// hear those services again (docs/STRATEGIES.md, "classify").
public struct ScanFindings: Codable, Sendable, Equatable {
    /// One device's findings.
    public struct Device: Codable, Sendable, Equatable {
        /// Every TCP port the app connected to on the device (any phase or tool), ascending.
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

    /// A resolved DNS-SD service instance (no TXT: the scan's phase does not keep it).
    public struct Service: Codable, Sendable, Equatable, Hashable {
        public var instance: String
        /// e.g. `_ipp._tcp`.
        public var type: String
        public var port: Int

        public init(instance: String, type: String, port: Int) {
            self.instance = instance
            self.type = type
            self.port = port
        }
    }

    /// By IPv4 address in dotted-quad text.
    public var devices: [String: Device]

    public init(devices: [String: Device] = [:]) { self.devices = devices }

    /// The findings an event log records (`connection_created` over TCP and accepted
    /// `service_resolved` events), with the open ports of the scan's `report`.
    public init(events: [EventRecord], report: ScanReport) {
        var ports: [String: Set<Int>] = [:]
        var services: [String: [Service]] = [:]
        for record in events {
            switch record.event {
            case .connectionCreated(let created) where created.transport == .tcp:
                ports[created.ip.description, default: []].insert(created.port)
            case .serviceResolved(let resolved) where resolved.accepted:
                let service = Service(instance: resolved.instance, type: resolved.serviceType, port: resolved.port)
                if !(services[resolved.ip.description] ?? []).contains(service) { services[resolved.ip.description, default: []].append(service) }
            default:
                continue
            }
        }
        var devices: [String: Device] = [:]
        let open = Dictionary(report.devices.map { ($0.ip, $0.openPorts) }, uniquingKeysWith: { first, _ in first })
        for ip in Set(ports.keys).union(services.keys).union(open.keys) {
            devices[ip] = Device(triedPorts: (ports[ip] ?? []).sorted(), openPorts: (open[ip] ?? []).sorted(), services: services[ip] ?? [])
        }
        self.devices = devices
    }
}
