extension Strategy {
    /// Bonjour browse and resolve (spec §2.3).
    public struct Bonjour: KnobSection, Equatable {
        public var enabled = true
        /// Service-type tiers: tier n+1 starts `tier_delay_ms` after tier n.
        public var tiers: [[String]] = Bonjour.netMonitorTiers
        public var tierDelayMs = 3000
        public var browseFrom: BrowseStart = .scanStart
        public var window = Window()
        /// Services kept (de-duplicated by name, type, domain) for resolving.
        public var maxServices = 100
        public var resolveMethod: ResolveMethod = .tcpConnect
        public var resolveConcurrency = 8
        public var resolveTimeoutMs = 2000
        public var resolveWaitingPolicy: WaitingPolicy = .timer
        /// Re-query schedule within the window (mDNSResponder follows RFC 6762: 1 s, 2 s, 4 s …).
        public var requery: BonjourRequery = .rfc6762
        /// List the PTR answers already held in re-queries (RFC 6762 §7.1).
        public var knownAnswers = true
        /// Which name becomes the device's hostname (NetMonitor: the instance name).
        public var hostnameFrom: BonjourHostname = .instanceName
        /// 0: each resolved service reaches the accumulator at once (NetMonitor 2.0). Otherwise
        /// results are held and handed over together this many ms after the first one (a81cc6f:
        /// 300, reverted in 3c00b68).
        public var callbackDebounceMs = 0
        /// ADR-007 (ab2a78c, 2026-02-15): every callback of the long-lived browser service carries
        /// the generation of the session that started its browser and is discarded unless that
        /// session is still current. False: a late callback of a torn-down session is applied to
        /// the current session's service list. Only an app session with a rescan can tell
        /// (`BonjourDiscoveryService`); a single scan has no earlier session.
        public var generationCheck = true

        /// NetMonitor 2.0's 6 + 12 types.
        public static let netMonitorTiers: [[String]] = [
            ["_http._tcp", "_https._tcp", "_smb._tcp", "_ssh._tcp", "_airplay._tcp", "_raop._tcp"],
            ["_afpovertcp._tcp", "_printer._tcp", "_ipp._tcp", "_homekit._tcp", "_hap._tcp", "_companion-link._tcp",
             "_apple-mobdev2._tcp", "_device-info._tcp", "_googlecast._tcp", "_spotify-connect._tcp", "_sonos._tcp",
             "_workstation._tcp"],
        ]

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Bonjour>] = [
            Knob("enabled", \.enabled),
            Knob("tiers", \.tiers),
            Knob("tier_delay_ms", \.tierDelayMs, 0...60_000, "milliseconds", tune: .numbers([0, 1000, 3000])),
            Knob("browse_from", \.browseFrom, tune: .choice(BrowseStart.self)),
            Knob("max_services", \.maxServices, 1...10_000, "services"),
            Knob("resolve_method", \.resolveMethod, tune: .choice(ResolveMethod.self)),
            Knob("resolve_concurrency", \.resolveConcurrency, 1...256, "resolves", tune: .integers(2...16, log: true)),
            Knob("resolve_timeout_ms", \.resolveTimeoutMs, 1...60_000, "milliseconds", tune: .integers(500...3000, log: true)),
            Knob("resolve_waiting_policy", \.resolveWaitingPolicy, tune: .choice(WaitingPolicy.self)),
            Knob("requery", \.requery, tune: .choice(BonjourRequery.self)),
            Knob("known_answers", \.knownAnswers, tune: .flag),
            Knob("hostname_from", \.hostnameFrom, tune: .choice(BonjourHostname.self)),
            Knob("callback_debounce_ms", \.callbackDebounceMs, 0...60_000, "milliseconds (0 = hand each result over at once)",
                 tune: .numbers([0, 100, 500])),
            Knob("generation_check", \.generationCheck),
            Knob(section: "window", \.window),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// The Bonjour collection window: fixed, or poll until quiet between a minimum and a maximum.
    public struct Window: KnobSection, Equatable {
        public var mode: WindowMode = .adaptive
        /// Length of a fixed window.
        public var fixedMs = 8000
        public var pollMs = 500
        /// Stop after this long without a new service (once past `min_ms`).
        public var quietMs = 1500
        public var minMs = 2000
        public var maxMs = 6000

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Window>] = [
            Knob("mode", \.mode, tune: .choice(WindowMode.self)),
            Knob("fixed_ms", \.fixedMs, 1...120_000, "milliseconds", tune: .integers(2000...15000, log: true)),
            Knob("poll_ms", \.pollMs, 10...10_000, "milliseconds"),
            Knob("quiet_ms", \.quietMs, 1...60_000, "milliseconds", tune: .integers(500...4000, log: true)),
            Knob("min_ms", \.minMs, 0...120_000, "milliseconds", tune: .integers(1000...6000, log: true)),
            Knob("max_ms", \.maxMs, 1...120_000, "milliseconds", tune: .integers(10000...20000, log: true)),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// SSDP M-SEARCH (spec §2.5).
    public struct SSDP: KnobSection, Equatable {
        public var enabled = true
        /// The MX header: devices spread their answers over 0…MX seconds.
        public var mx = 3
        public var st = "ssdp:all"
        /// How long responses are collected after the M-SEARCH.
        public var windowMs = 3000
        /// How long the M-SEARCH "connection" waits for its path to be satisfied (`PathReadiness`)
        /// before the phase gives up and finds nothing (NetMonitor's fbafd12 fix).
        public var readyTimeoutMs = 2000
        public var placement: SSDPPlacement = .withTCP
        public var addressFrom: SSDPAddressSource = .location

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<SSDP>] = [
            Knob("enabled", \.enabled),
            Knob("mx", \.mx, 1...5, "seconds (UPnP allows 1-5)", tune: .integers(1...5, log: false)),
            Knob("st", \.st),
            Knob("window_ms", \.windowMs, 100...60_000, "milliseconds", tune: .integers(1500...6000, log: true)),
            Knob("ready_timeout_ms", \.readyTimeoutMs, 1...60_000, "milliseconds"),
            Knob("placement", \.placement),
            Knob("address_from", \.addressFrom, tune: .choice(SSDPAddressSource.self)),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }
}
