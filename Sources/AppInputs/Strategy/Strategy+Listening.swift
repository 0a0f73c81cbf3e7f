extension Strategy {
    /// Bonjour browse and resolve (spec §2.3).
    public struct Bonjour: Codable, Sendable, Equatable {
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

        enum CodingKeys: String, CodingKey, CaseIterable {
            case enabled, tiers, window
            case tierDelayMs = "tier_delay_ms"
            case browseFrom = "browse_from"
            case maxServices = "max_services"
            case resolveMethod = "resolve_method"
            case resolveConcurrency = "resolve_concurrency"
            case resolveTimeoutMs = "resolve_timeout_ms"
            case resolveWaitingPolicy = "resolve_waiting_policy"
            case requery
            case knownAnswers = "known_answers"
            case hostnameFrom = "hostname_from"
            case callbackDebounceMs = "callback_debounce_ms"
            case generationCheck = "generation_check"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .numbers(CodingKeys.tierDelayMs, [0, 1000, 3000]),
            .choice(CodingKeys.browseFrom, BrowseStart.self),
            .choice(CodingKeys.resolveMethod, ResolveMethod.self),
            .integers(CodingKeys.resolveConcurrency, 2...16, log: true),
            .integers(CodingKeys.resolveTimeoutMs, 500...3000, log: true),
            .choice(CodingKeys.resolveWaitingPolicy, WaitingPolicy.self),
            .choice(CodingKeys.requery, BonjourRequery.self),
            .flag(CodingKeys.knownAnswers),
            .choice(CodingKeys.hostnameFrom, BonjourHostname.self),
            .numbers(CodingKeys.callbackDebounceMs, [0, 100, 500])
        ] + Window.tunable.map { $0.under(CodingKeys.window) }
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Bonjour()
            enabled = try c.value(.enabled, or: d.enabled)
            tiers = try c.value(.tiers, or: d.tiers)
            tierDelayMs = try c.value(.tierDelayMs, or: d.tierDelayMs)
            browseFrom = try c.value(.browseFrom, or: d.browseFrom)
            window = try c.value(.window, or: d.window)
            maxServices = try c.value(.maxServices, or: d.maxServices)
            resolveMethod = try c.value(.resolveMethod, or: d.resolveMethod)
            resolveConcurrency = try c.value(.resolveConcurrency, or: d.resolveConcurrency)
            resolveTimeoutMs = try c.value(.resolveTimeoutMs, or: d.resolveTimeoutMs)
            resolveWaitingPolicy = try c.value(.resolveWaitingPolicy, or: d.resolveWaitingPolicy)
            requery = try c.value(.requery, or: d.requery)
            knownAnswers = try c.value(.knownAnswers, or: d.knownAnswers)
            hostnameFrom = try c.value(.hostnameFrom, or: d.hostnameFrom)
            callbackDebounceMs = try c.value(.callbackDebounceMs, or: d.callbackDebounceMs)
            generationCheck = try c.value(.generationCheck, or: d.generationCheck)
        }
    }

    /// The Bonjour collection window: fixed, or poll until quiet between a minimum and a maximum.
    public struct Window: Codable, Sendable, Equatable {
        public var mode: WindowMode = .adaptive
        /// Length of a fixed window.
        public var fixedMs = 8000
        public var pollMs = 500
        /// Stop after this long without a new service (once past `min_ms`).
        public var quietMs = 1500
        public var minMs = 2000
        public var maxMs = 6000

        enum CodingKeys: String, CodingKey, CaseIterable {
            case mode
            case fixedMs = "fixed_ms"
            case pollMs = "poll_ms"
            case quietMs = "quiet_ms"
            case minMs = "min_ms"
            case maxMs = "max_ms"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .choice(CodingKeys.mode, WindowMode.self),
            .integers(CodingKeys.fixedMs, 2000...15000, log: true),
            .integers(CodingKeys.quietMs, 500...4000, log: true),
            .integers(CodingKeys.minMs, 1000...6000, log: true),
            .integers(CodingKeys.maxMs, 10000...20000, log: true)
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Window()
            mode = try c.value(.mode, or: d.mode)
            fixedMs = try c.value(.fixedMs, or: d.fixedMs)
            pollMs = try c.value(.pollMs, or: d.pollMs)
            quietMs = try c.value(.quietMs, or: d.quietMs)
            minMs = try c.value(.minMs, or: d.minMs)
            maxMs = try c.value(.maxMs, or: d.maxMs)
        }
    }

    /// SSDP M-SEARCH (spec §2.5).
    public struct SSDP: Codable, Sendable, Equatable {
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

        enum CodingKeys: String, CodingKey, CaseIterable {
            case enabled, mx, st, placement
            case windowMs = "window_ms"
            case readyTimeoutMs = "ready_timeout_ms"
            case addressFrom = "address_from"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .integers(CodingKeys.mx, 1...5),
            .integers(CodingKeys.windowMs, 1500...6000, log: true),
            .choice(CodingKeys.addressFrom, SSDPAddressSource.self)
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = SSDP()
            enabled = try c.value(.enabled, or: d.enabled)
            mx = try c.value(.mx, or: d.mx)
            st = try c.value(.st, or: d.st)
            windowMs = try c.value(.windowMs, or: d.windowMs)
            readyTimeoutMs = try c.value(.readyTimeoutMs, or: d.readyTimeoutMs)
            placement = try c.value(.placement, or: d.placement)
            addressFrom = try c.value(.addressFrom, or: d.addressFrom)
        }
    }
}
