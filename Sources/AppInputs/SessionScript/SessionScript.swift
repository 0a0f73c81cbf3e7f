import AppContract

/// What happens in one app session, and when: a scenario written as a script (docs/HARNESS.md
/// "Sessions"). Times are seconds from the session's start; devices are named by address or by
/// a `$name` the caller binds with `--target name=IP`, never by anything the app knows of the LAN.
///
/// ```yaml
/// name: adr-016
/// actions:
///   - {at_s: 3, ports: {target: $ports_target, ports: device_detail, timeout_ms: 1500}}
///   - {at_s: 4, cancel: ports}
///   - {at_s: 5, scan: {}}
///   - {at_s: 8, thermal: serious}
/// ```
public struct SessionScript: Codable, Sendable, Equatable {
    public var name: String
    /// A note for people reading the file.
    public var description: String?
    public var actions: [Action]
    /// The user's Local Network permission for the app (Settings > Privacy & Security > Local
    /// Network); absent: allowed. The harness's, never the app's: iOS gives an app no way to read
    /// it (TN3179), so the app does not look; the harness blocks the app's local traffic below
    /// every socket (`LocalNetworkDenial`, docs/PLATFORMS.md "Local Network permission").
    public var localNetwork: LocalNetwork?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, actions
        case localNetwork = "local_network"
    }

    /// What the system does with the app's local network traffic.
    public enum LocalNetwork: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Everything goes through.
        case allowed
        /// Denied, as seed 003 (line 110) saw it: connects "silently time out, with no clear
        /// error"; nothing the app sends to the LAN leaves, no multicast reaches it.
        case denied
        /// Denied, the other report: a connect to a local address fails at once with
        /// EHOSTUNREACH ("No route to host", as macOS reports it for a process without the
        /// privilege); multicast as `denied`.
        case deniedUnreachable = "denied_unreachable"
    }

    /// One timed action.
    public struct Action: Codable, Sendable, Equatable {
        public var atSeconds: Double
        public var what: What

        /// The action itself: exactly one key besides `at_s`.
        public enum What: Sendable, Equatable {
            /// Start the discovery scan (at most once per session).
            case scan
            case ping(Ping)
            case ports(Ports)
            /// The traceroute, DNS and WHOIS tools (`SessionScript+Lookups.swift`).
            case trace(Trace)
            case dns(DNS)
            case whois(Whois)
            /// Stop a running tool or the scan, as leaving its screen does.
            case cancel(Target)
            /// Set the thermal state (the budget's multiplier).
            case thermal(ThermalState)
            /// Send a Wake-on-LAN magic packet (spec §5.7).
            case wol(WakeOnLAN)
            /// The Bonjour browser tool (spec §5.8).
            case browse(Browse)
            /// The device-detail screen's service discovery for one device (spec §5.8).
            case detail(Detail)
            /// The user leaves the app (home screen, another app): it keeps running for the
            /// platform profile's `background_time_s`, then it is suspended and the session ends
            /// where it stands (docs/PLATFORMS.md, "The background window").
            case background
            /// NetDiag+'s host monitor: passes that report transitions only (seed 003:111-134).
            case monitor(Monitor)
            /// NetDiag+'s certificate check of one TLS endpoint (seed 003:1).
            case cert(Cert)
        }

        /// What `cancel` stops.
        public enum Target: String, Sendable, Codable, CaseIterable, StrategyChoice { case ping, ports, scan }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case atSeconds = "at_s", scan, ping, ports, trace, dns, whois, cancel, thermal, wol, browse, detail,
                background, monitor, cert
        }

        public init(atSeconds: Double, what: What) {
            self.atSeconds = atSeconds
            self.what = what
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            atSeconds = try c.decode(Double.self, forKey: .atSeconds)
            let given = CodingKeys.allCases.filter { $0 != .atSeconds && c.contains($0) }
            guard given.count == 1, let key = given.first else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "an action needs exactly one of scan, ping, ports, trace, dns, whois, cancel, thermal, wol, browse, detail, monitor, cert, background besides at_s (found \(given.count)); write e.g. {at_s: 5, scan: {}}"
                    )
                )
            }
            switch key {
            case .scan: what = .scan
            case .ping: what = .ping(try c.decode(Ping.self, forKey: .ping))
            case .ports: what = .ports(try c.decode(Ports.self, forKey: .ports))
            case .trace: what = .trace(try c.decode(Trace.self, forKey: .trace))
            case .dns: what = .dns(try c.decode(DNS.self, forKey: .dns))
            case .whois: what = .whois(try c.decode(Whois.self, forKey: .whois))
            case .cancel: what = .cancel(try c.decode(Target.self, forKey: .cancel))
            case .thermal: what = .thermal(try c.decode(ThermalState.self, forKey: .thermal))
            case .wol: what = .wol(try c.decode(WakeOnLAN.self, forKey: .wol))
            case .browse: what = .browse(try c.decode(Browse.self, forKey: .browse))
            case .detail: what = .detail(try c.decode(Detail.self, forKey: .detail))
            case .background:
                _ = try c.decode([String: String].self, forKey: .background)
                what = .background
            case .monitor: what = .monitor(try c.decode(Monitor.self, forKey: .monitor))
            case .cert: what = .cert(try c.decode(Cert.self, forKey: .cert))
            case .atSeconds: fatalError("filtered out above")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(atSeconds, forKey: .atSeconds)
            switch what {
            case .scan: try c.encode([String: String](), forKey: .scan)
            case .ping(let p): try c.encode(p, forKey: .ping)
            case .ports(let p): try c.encode(p, forKey: .ports)
            case .trace(let t): try c.encode(t, forKey: .trace)
            case .dns(let d): try c.encode(d, forKey: .dns)
            case .whois(let w): try c.encode(w, forKey: .whois)
            case .cancel(let t): try c.encode(t, forKey: .cancel)
            case .thermal(let s): try c.encode(s, forKey: .thermal)
            case .wol(let w): try c.encode(w, forKey: .wol)
            case .browse(let b): try c.encode(b, forKey: .browse)
            case .detail(let d): try c.encode(d, forKey: .detail)
            case .background: try c.encode([String: String](), forKey: .background)
            case .monitor(let m): try c.encode(m, forKey: .monitor)
            case .cert(let e): try c.encode(e, forKey: .cert)
            }
        }
    }

    /// The ping tool: `count` attempts `interval_ms` apart (NetMonitor: 1 s), each waiting up to
    /// `timeout_ms` (the user's setting; else the strategy's `tools.ping.timeout_ms`).
    public struct Ping: Codable, Sendable, Equatable {
        public var target: String
        public var count = 20
        public var intervalMs = 1000
        public var timeoutMs: Int?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case target, count, intervalMs = "interval_ms", timeoutMs = "timeout_ms"
        }
        public init(target: String, count: Int = 20, intervalMs: Int = 1000, timeoutMs: Int? = nil) {
            self.target = target
            self.count = count
            self.intervalMs = intervalMs
            self.timeoutMs = timeoutMs
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            target = try c.decode(String.self, forKey: .target)
            count = try c.decodeIfPresent(Int.self, forKey: .count) ?? 20
            intervalMs = try c.decodeIfPresent(Int.self, forKey: .intervalMs) ?? 1000
            timeoutMs = try c.decodeIfPresent(Int.self, forKey: .timeoutMs)
        }
    }

    /// The port scanner: a port list (`device_detail`: the 20 ports of the iOS device-detail
    /// quick scan, spec §5.4) and an optional timeout (else the strategy's `tools.port_scanner`).
    public struct Ports: Codable, Sendable, Equatable {
        public var target: String
        public var ports: PortList = .deviceDetail
        public var timeoutMs: Int?

        enum CodingKeys: String, CodingKey, CaseIterable { case target, ports, timeoutMs = "timeout_ms" }
        public init(target: String, ports: PortList = .deviceDetail, timeoutMs: Int? = nil) {
            self.target = target
            self.ports = ports
            self.timeoutMs = timeoutMs
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            target = try c.decode(String.self, forKey: .target)
            ports = try c.decodeIfPresent(PortList.self, forKey: .ports) ?? .deviceDetail
            timeoutMs = try c.decodeIfPresent(Int.self, forKey: .timeoutMs)
        }
    }

    /// NetMonitor's port presets (spec §5.4).
    public enum PortList: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// iOS device detail: 21, 22, 23, 25, 53, 80, 110, 143, 443, 445, 548, 631, 993, 995,
        /// 3306, 3389, 5432, 5900, 8080, 8443 (1.5 s).
        case deviceDetail = "device_detail"
        /// The tool's Common preset.
        case common

        public var ports: [Int] {
            switch self {
            case .deviceDetail:
                [21, 22, 23, 25, 53, 80, 110, 143, 443, 445, 548, 631, 993, 995, 3306, 3389, 5432, 5900, 8080, 8443]
            case .common:
                [20, 21, 22, 23, 25, 53, 80, 110, 143, 443, 445, 993, 995, 3306, 3389, 5432, 5900, 8080, 8443]
            }
        }
    }
}
