extension Strategy {
    /// Target planning.
    public struct Subnet: Codable, Sendable, Equatable {
        public var policy: SubnetPolicy = .netmask
        /// Cap on planned hosts (NetMonitor `maxHostsPerScan` 1024), centred on our address.
        public var maxHosts = 1024

        enum CodingKeys: String, CodingKey, CaseIterable { case policy, maxHosts = "max_hosts" }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .choice(CodingKeys.policy, SubnetPolicy.self)
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Subnet()
            policy = try c.value(.policy, or: d.policy)
            maxHosts = try c.value(.maxHosts, or: d.maxHosts)
        }
    }

    /// The global connection budget (spec §3).
    public struct Budget: Codable, Sendable, Equatable {
        /// Base slots, or `none` (NetMonitor 2.0: 60).
        public var limit: Limit = .limited(60)
        public var style: BudgetStyle = .shipped
        /// Scripted thermal changes, e.g. `[{at_s: 5, state: serious}]`.
        public var thermalScript: [ThermalStep] = []
        /// Call `reset()` when a scan starts (shipped styles): ADR-016 says the 1.0 fix does; the
        /// spec finds no production call, so NetMonitor as shipped does not.
        public var resetAtScanStart = false

        enum CodingKeys: String, CodingKey, CaseIterable {
            case limit, style
            case thermalScript = "thermal_script"
            case resetAtScanStart = "reset_at_scan_start"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .integers(CodingKeys.limit, 10...120, log: true),
            .choice(CodingKeys.style, BudgetStyle.self, except: [.shippedConditionalWake])  // the pre-fix style hangs (ADR-016)
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Budget()
            limit = try c.value(.limit, or: d.limit)
            style = try c.value(.style, or: d.style)
            thermalScript = try c.value(.thermalScript, or: d.thermalScript)
            resetAtScanStart = try c.value(.resetAtScanStart, or: d.resetAtScanStart)
        }
    }

    /// The engine's step layout and deadline.
    public struct Pipeline: Codable, Sendable, Equatable {
        /// One step: phases run together (`concurrent: true`) or in the listed order.
        public struct Step: Codable, Sendable, Equatable {
            public var phases: [PhaseKind]
            public var concurrent: Bool

            enum CodingKeys: String, CodingKey, CaseIterable { case phases, concurrent }
            public init(phases: [PhaseKind], concurrent: Bool) {
                self.phases = phases
                self.concurrent = concurrent
            }
            public init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                phases = try c.decode([PhaseKind].self, forKey: .phases)
                concurrent = try c.value(.concurrent, or: false)
            }
        }

        /// Explicit layout; nil derives NetMonitor's from `ssdp.placement` (see `resolvedSteps`).
        public var steps: [Step]?
        /// Per-phase deadline in ms, or `none` (NetMonitor since 80151c8: 30000).
        public var phaseDeadlineMs: Limit = .limited(30_000)
        public var deadlineMode: DeadlineMode = .cooperative

        enum CodingKeys: String, CodingKey, CaseIterable {
            case steps
            case phaseDeadlineMs = "phase_deadline_ms"
            case deadlineMode = "deadline_mode"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .choice(CodingKeys.deadlineMode, DeadlineMode.self)
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Pipeline()
            steps = try c.decodeIfPresent([Step].self, forKey: .steps)
            phaseDeadlineMs = try c.value(.phaseDeadlineMs, or: d.phaseDeadlineMs)
            deadlineMode = try c.value(.deadlineMode, or: d.deadlineMode)
        }
    }

    /// ARP phase: UDP poke to every host, settle, read the neighbour table (spec §2.2).
    public struct ARP: Codable, Sendable, Equatable {
        public var enabled = true
        /// UDP port the 1-byte pokes go to.
        public var pokePort = 55555
        /// Pause after every this many pokes; 0 for no pacing.
        public var paceEvery = 50
        public var paceSleepMs = 20
        /// Wait after the pokes before reading the table.
        public var settleMs = 2000
        /// Also read the table every this many ms during the settle wait, publishing new entries
        /// at once; 0: read once, after the settle (NetMonitor).
        public var readEveryMs = 0
        /// Extra poke rounds for hosts still missing from the table (NetMonitor: 0).
        public var retryRounds = 0
        /// Drop neighbour entries outside the target network (NetMonitor since cc5279d).
        public var subnetFilter = true

        enum CodingKeys: String, CodingKey, CaseIterable {
            case enabled
            case pokePort = "poke_port"
            case paceEvery = "pace_every"
            case paceSleepMs = "pace_sleep_ms"
            case settleMs = "settle_ms"
            case readEveryMs = "read_every_ms"
            case retryRounds = "retry_rounds"
            case subnetFilter = "subnet_filter"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .integers(CodingKeys.settleMs, 500...5000, log: true),
            .numbers(CodingKeys.readEveryMs, [0, 250, 1000]),
            .integers(CodingKeys.retryRounds, 0...2),
            .numbers(CodingKeys.paceEvery, [0, 25, 50, 100]),
            .integers(CodingKeys.paceSleepMs, 0...50)
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = ARP()
            enabled = try c.value(.enabled, or: d.enabled)
            pokePort = try c.value(.pokePort, or: d.pokePort)
            paceEvery = try c.value(.paceEvery, or: d.paceEvery)
            paceSleepMs = try c.value(.paceSleepMs, or: d.paceSleepMs)
            settleMs = try c.value(.settleMs, or: d.settleMs)
            readEveryMs = try c.value(.readEveryMs, or: d.readEveryMs)
            retryRounds = try c.value(.retryRounds, or: d.retryRounds)
            subnetFilter = try c.value(.subnetFilter, or: d.subnetFilter)
        }
    }

    /// ICMP latency sweep: one datagram socket, send all, then collect (spec §2.6).
    public struct ICMP: Codable, Sendable, Equatable {
        public var enabled = true
        /// Collect window after the sends.
        public var timeoutMs = 2000
        public var latency: ICMPLatencyMode = .overwrite

        enum CodingKeys: String, CodingKey, CaseIterable { case enabled, timeoutMs = "timeout_ms", latency }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .integers(CodingKeys.timeoutMs, 500...3000, log: true),
            .choice(CodingKeys.latency, ICMPLatencyMode.self)
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = ICMP()
            enabled = try c.value(.enabled, or: d.enabled)
            timeoutMs = try c.value(.timeoutMs, or: d.timeoutMs)
            latency = try c.value(.latency, or: d.latency)
        }
    }

    /// Reverse DNS for devices without a name (spec §2.7).
    public struct PTR: Codable, Sendable, Equatable {
        public var enabled = true
        public var concurrency = 8
        public var timeoutMs = 3000
        public var resolver: PTRResolver = .system

        enum CodingKeys: String, CodingKey, CaseIterable { case enabled, concurrency, timeoutMs = "timeout_ms", resolver }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .integers(CodingKeys.concurrency, 2...16, log: true),
            .integers(CodingKeys.timeoutMs, 500...3000, log: true),
            .choice(CodingKeys.resolver, PTRResolver.self)
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = PTR()
            enabled = try c.value(.enabled, or: d.enabled)
            concurrency = try c.value(.concurrency, or: d.concurrency)
            timeoutMs = try c.value(.timeoutMs, or: d.timeoutMs)
            resolver = try c.value(.resolver, or: d.resolver)
        }
    }

    /// How discovery reaches the UI model (spec §4).
    public struct Publishing: Codable, Sendable, Equatable {
        public var policy: PublishPolicy = .perCallback
        /// Progress step for `every_percent` and `percent_or_ms`.
        public var percent = 2.0
        /// Interval for `every_ms` and `percent_or_ms`.
        public var intervalMs = 500
        /// Also publish whenever a phase ends (52449ab).
        public var phaseBoundaries = false
        public var isolation: PublishIsolation = .mainActor
        /// 0: every publish hands the device list over (NetMonitor). Otherwise the list goes at most
        /// every this many ms (when it changed), at phase boundaries and at the end; the other
        /// publishes set progress only (review P6: "flush … every 1s or at phase boundaries").
        public var deviceFlushMs = 0

        enum CodingKeys: String, CodingKey, CaseIterable {
            case policy, percent, isolation
            case intervalMs = "interval_ms"
            case phaseBoundaries = "phase_boundaries"
            case deviceFlushMs = "device_flush_ms"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .choice(CodingKeys.policy, PublishPolicy.self),
            .integers(CodingKeys.intervalMs, 100...1000, log: true),
            .flag(CodingKeys.phaseBoundaries),
            .choice(CodingKeys.isolation, PublishIsolation.self),
            .numbers(CodingKeys.deviceFlushMs, [0, 500, 1000])
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Publishing()
            policy = try c.value(.policy, or: d.policy)
            percent = try c.value(.percent, or: d.percent)
            intervalMs = try c.value(.intervalMs, or: d.intervalMs)
            phaseBoundaries = try c.value(.phaseBoundaries, or: d.phaseBoundaries)
            isolation = try c.value(.isolation, or: d.isolation)
            deviceFlushMs = try c.value(.deviceFlushMs, or: d.deviceFlushMs)
        }
    }
}
