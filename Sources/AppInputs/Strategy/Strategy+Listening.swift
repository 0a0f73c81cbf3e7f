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
            [
                "_afpovertcp._tcp", "_printer._tcp", "_ipp._tcp", "_homekit._tcp", "_hap._tcp", "_companion-link._tcp",
                "_apple-mobdev2._tcp", "_device-info._tcp", "_googlecast._tcp", "_spotify-connect._tcp", "_sonos._tcp",
                "_workstation._tcp",
            ],
        ]

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Bonjour>] = [
            Knob("enabled", \.enabled, doc: "run the phase"),
            Knob(
                "tiers",
                \.tiers,
                shown: "6 + 12 types",
                doc: """
                    list of lists of service types (`_name._tcp`/`_udp`); tier n+1 starts `tier_delay_ms` after tier n. Default tier 1: \
                    http, https, smb, ssh, airplay, raop; tier 2: afpovertcp, printer, ipp, homekit, hap, companion-link, apple-mobdev2, \
                    device-info, googlecast, spotify-connect, sonos, workstation
                    """
            ),
            Knob(
                "tier_delay_ms",
                \.tierDelayMs,
                0...60_000,
                "milliseconds",
                tune: .numbers([0, 1000, 3000]),
                doc: "delay between tiers (6fc94e8: 5000, ab2a78c: 3000)"
            ),
            Knob(
                "browse_from",
                \.browseFrom,
                tune: .choice(BrowseStart.self),
                doc: """
                    `scan_start`: the browser starts before the pipeline (NetMonitor's service) and collects from then on; `phase_start`: \
                    when the phase starts. The window always counts from the phase start (NetMonitor slept or polled its window inside the \
                    phase: the review's "3 extra seconds after TCP")
                    """
            ),
            Knob(
                "max_services",
                \.maxServices,
                1...10_000,
                "services",
                doc: "services kept after de-duplication by (name, type, domain)"
            ),
            Knob(
                "resolve_method",
                \.resolveMethod,
                tune: .choice(ResolveMethod.self),
                doc: """
                    `tcp_connect`: NetMonitor's resolve — a TCP connection to the service holding a budget slot; `mdns`: SRV/A records, no \
                    connection
                    """
            ),
            Knob(
                "resolve_concurrency",
                \.resolveConcurrency,
                1...256,
                "resolves",
                tune: .integers(2...16, log: true),
                doc: "resolves in flight"
            ),
            Knob(
                "resolve_timeout_ms",
                \.resolveTimeoutMs,
                1...60_000,
                "milliseconds",
                tune: .integers(500...3000, log: true),
                doc: "per resolve (fbafd12)"
            ),
            Knob(
                "resolve_waiting_policy",
                \.resolveWaitingPolicy,
                tune: .choice(WaitingPolicy.self),
                doc: "`.waiting` during a resolve: see `tcp.waiting_policy` (fbafd12 `fail`, ab2a78c `timer`)"
            ),
            Knob(
                "requery",
                \.requery,
                tune: .choice(BonjourRequery.self),
                doc: """
                    `rfc6762`: browse queries repeated 1 s, 2 s, 4 s … after each tier's first (what mDNSResponder does under NWBrowser); \
                    `once`: one query per tier
                    """
            ),
            Knob(
                "known_answers",
                \.knownAnswers,
                tune: .flag,
                doc:
                    "re-queries list the PTR answers already held (RFC 6762 §7.1), split over TC-flagged packets when they do not fit"
            ),
            Knob(
                "hostname_from",
                \.hostnameFrom,
                tune: .choice(BonjourHostname.self),
                doc: """
                    the device's hostname: `instance_name` (e.g. "Den TV", NetMonitor) or `host_name` (the SRV target's first label, \
                    "Den-TV"); both are logged in `service_resolved`
                    """
            ),
            Knob(
                "callback_debounce_ms",
                \.callbackDebounceMs,
                0...60_000,
                "milliseconds (0 = hand each result over at once)",
                tune: .numbers([0, 100, 500]),
                doc: """
                    `0`: each resolved service reaches the accumulator, with a progress report, as it comes (NetMonitor 2.0). N > 0: \
                    results are held and handed over in one batch with one progress report N ms after the first one held; the phase's end \
                    hands over the rest (a81cc6f: 300 ms on the browser's callbacks, reverted in 3c00b68). Devices found by Bonjour first \
                    are then seen up to N ms later
                    """
            ),
            Knob(
                "generation_check",
                \.generationCheck,
                doc: """
                    app session only (`scanbench app`, a rescan): the Bonjour browser is the app's long-lived service, one session per \
                    scan, and a cancelled scan's browser still hands over what it read during its last 50 ms receive poll after the next \
                    scan began (its teardown is not instantaneous). `true`: every answer and query timer carries the generation of the \
                    session that started its browser and is discarded unless current (ADR-007, spec §6 row 34, ab2a78c 2026-02-15); \
                    `false`: applied to the current scan's service list (before). Counted in the session report's \
                    `stale_callbacks_discarded` / `stale_callbacks_applied` and logged as `stale_callback`. Measured on `tiny` with \
                    `rescan.yaml` (and a 1 ms gap): 0 either way — a cancel stops the browser within a millisecond and its receive thread \
                    leaves before the new session's first answers, so the knob only matters when the old teardown is slower \
                    (`RescanIntegrationTests`). Fidelity: NetMonitor's scan creates a fresh Bonjour service per scan (spec §2.1 step 3), so \
                    there a stale callback cannot reach a new scan's list at all; ADR-007's breakage was in the Bonjour *tool* screen, \
                    which reuses its service. Keeping one service across rescans here is the worst case, chosen so that the knob has \
                    something to act on
                    """
            ),
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
            Knob(
                "mode",
                \.mode,
                tune: .choice(WindowMode.self),
                doc: """
                    `fixed`: collect for `fixed_ms`; `adaptive`: poll every `poll_ms`, stop at `max_ms`, or after `min_ms` once nothing new \
                    appeared for `quiet_ms` (5a253a2)
                    """
            ),
            Knob(
                "fixed_ms",
                \.fixedMs,
                1...120_000,
                "milliseconds",
                tune: .integers(2000...15000, log: true),
                doc: "fixed window (b6d1f1b: 8 s; the review's post-TCP wait: 3 s)"
            ),
            Knob("poll_ms", \.pollMs, 10...10_000, "milliseconds", doc: "adaptive poll interval"),
            Knob(
                "quiet_ms",
                \.quietMs,
                1...60_000,
                "milliseconds",
                tune: .integers(500...4000, log: true),
                doc: "adaptive quiet period"
            ),
            Knob(
                "min_ms",
                \.minMs,
                0...120_000,
                "milliseconds",
                tune: .integers(1000...6000, log: true),
                doc: "adaptive minimum"
            ),
            Knob(
                "max_ms",
                \.maxMs,
                1...120_000,
                "milliseconds",
                tune: .integers(10000...20000, log: true),
                doc: "adaptive maximum"
            ),
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
            Knob("enabled", \.enabled, doc: "run the phase (b711d8d)"),
            Knob(
                "mx",
                \.mx,
                1...5,
                "seconds (UPnP allows 1-5)",
                tune: .integers(1...5, log: false),
                doc: "MX header, 1–5 (e695a7f: 5, 62a7a0a: 3)"
            ),
            Knob("st", \.st, doc: "search target"),
            Knob(
                "window_ms",
                \.windowMs,
                100...60_000,
                "milliseconds",
                tune: .integers(1500...6000, log: true),
                doc: "collection window after the M-SEARCH"
            ),
            Knob(
                "ready_timeout_ms",
                \.readyTimeoutMs,
                1...60_000,
                "milliseconds",
                doc: """
                    how long the M-SEARCH "connection" waits to be ready — its path satisfied: the scanning interface (any interface \
                    holding our address without `bind_to_interface`) up, with carrier and an IPv4 address, as NWConnection decides `.ready` \
                    for UDP. When it fires: `ready_timeout` is logged, no M-SEARCH is sent and the phase finds nothing (fbafd12: none → 2 \
                    s, "fix SSDP hang")
                    """
            ),
            Knob(
                "placement",
                \.placement,
                doc: """
                    `with_tcp` (5a253a2), `after_tcp` (before), `with_bonjour` (review P8); decides the derived layout and must agree with \
                    explicit `pipeline.steps`
                    """
            ),
            Knob(
                "address_from",
                \.addressFrom,
                tune: .choice(SSDPAddressSource.self),
                doc:
                    "`location`: first IPv4 in LOCATION, else anywhere in the text (NetMonitor); `sender`: the response's UDP source"
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }
}
