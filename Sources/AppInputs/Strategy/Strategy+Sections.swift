extension Strategy {
    /// Target planning.
    public struct Subnet: KnobSection, Equatable {
        public var policy: SubnetPolicy = .netmask
        /// Cap on planned hosts (NetMonitor `maxHostsPerScan` 1024), centred on our address.
        public var maxHosts = 1024

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Subnet>] = [
            Knob(
                "policy",
                \.policy,
                tune: .choice(SubnetPolicy.self),
                doc: """
                    `netmask`: hosts from the interface's netmask (0ee4b4e); `assume_24`: the /24 of our address, .1–.254 (the review's \
                    "falls back to /24")
                    """
            ),
            Knob(
                "max_hosts",
                \.maxHosts,
                1...65534,
                "hosts",
                doc: """
                    cap on planned hosts; a larger network gets a window of this many centred on our address, then filled from the low and \
                    high ends (NetMonitor `maxHostsPerScan`)
                    """
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// The global connection budget (spec §3).
    public struct Budget: KnobSection, Equatable {
        /// Base slots, or `none` (NetMonitor 2.0: 60).
        public var limit: Limit = .limited(60)
        public var style: BudgetStyle = .shipped
        /// Scripted thermal changes, e.g. `[{at_s: 5, state: serious}]`.
        public var thermalScript: [ThermalStep] = []
        /// Call `reset()` when a scan starts (shipped styles): ADR-016 says the 1.0 fix does; the
        /// spec finds no production call, so NetMonitor as shipped does not.
        public var resetAtScanStart = false

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Budget>] = [
            Knob(
                "limit",
                \.limit,
                1...10_000,
                "slots",
                tune: .integers(10...120, log: true),
                doc:
                    "slots for concurrent connection objects, before the thermal multiplier; `none` = no budget (the review baseline)"
            ),
            // The pre-fix style hangs (ADR-016): a search must not spend draws on it.
            Knob(
                "style",
                \.style,
                tune: .choice(BudgetStyle.self, except: [.shippedConditionalWake]),
                doc: """
                    `structured`: scoped `withConnectionSlot`, cancellable waiters, cannot leak (ADR-016's planned fix); `shipped`: \
                    NetMonitor's actor — non-cancellable FIFO waiters, release in a fire-and-forget task, unconditional wake (80151c8); \
                    `shipped_conditional_wake`: the same before the fix, wakes only while active < effective limit (hangs: ADR-016)
                    """
            ),
            Knob(
                "thermal_script",
                \.thermalScript,
                doc: """
                    thermal changes during the run, e.g. `[{at_s: 5, state: serious}]`; states `nominal`, `fair` (×1), `serious` (×0.5), \
                    `critical` (×0.25); effective limit = max(1, floor(base × multiplier)) for the budget (every acquire) and \
                    TCP/enrichment concurrency (phase start)
                    """
            ),
            Knob(
                "reset_at_scan_start",
                \.resetAtScanStart,
                doc: """
                    call the shipped budget's `reset()` when a scan starts (zero `active`, wake every waiter): ADR-016 says the 1.0 fix \
                    does; the spec finds no production call (only tests), so the presets leave it off; refused with `style: structured`
                    """
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// The engine's step layout and deadline.
    public struct Pipeline: KnobSection, Equatable {
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
                concurrent = try c.decodeIfPresent(Bool.self, forKey: .concurrent) ?? false
            }
        }

        /// Explicit layout; nil derives NetMonitor's from `ssdp.placement` (see `resolvedSteps`).
        public var steps: [Step]?
        /// Per-phase deadline in ms, or `none` (NetMonitor since 80151c8: 30000).
        public var phaseDeadlineMs: Limit = .limited(30_000)
        public var deadlineMode: DeadlineMode = .cooperative

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Pipeline>] = [
            Knob(
                "steps",
                \.steps,
                shown: "derived",
                doc: """
                    list of `{phases: [...], concurrent: bool}`; phase ids `arp`, `bonjour`, `tcp_probe`, `ssdp`, `icmp_latency`, \
                    `reverse_dns`. When absent: `[arp, bonjour]` → `[tcp_probe (+ssdp)]` → `[icmp_latency]` → `[reverse_dns]` with SSDP \
                    placed per `ssdp.placement`, disabled phases dropped
                    """
            ),
            Knob(
                "phase_deadline_ms",
                \.phaseDeadlineMs,
                1...600_000,
                "milliseconds",
                doc: "per-phase deadline (80151c8); `none` = no deadline (before 80151c8)"
            ),
            Knob(
                "deadline_mode",
                \.deadlineMode,
                tune: .choice(DeadlineMode.self),
                doc: """
                    `cooperative`: NetMonitor's race in a task group — a phase that ignores cancellation still blocks its step; `hard`: the \
                    engine abandons the phase at the deadline and moves on
                    """
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// ARP phase: UDP poke to every host, settle, read the neighbour table (spec §2.2).
    public struct ARP: KnobSection, Equatable {
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

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<ARP>] = [
            Knob("enabled", \.enabled, doc: "run the phase (cb5e142)"),
            Knob("poke_port", \.pokePort, doc: "UDP port each 1-byte poke goes to"),
            Knob(
                "settle_ms",
                \.settleMs,
                0...30_000,
                "milliseconds",
                tune: .integers(500...5000, log: true),
                doc: "wait after the pokes before reading the table"
            ),
            Knob(
                "read_every_ms",
                \.readEveryMs,
                0...30_000,
                "milliseconds (0 = once, after the settle)",
                tune: .numbers([0, 250, 1000]),
                doc: """
                    also read the table every this many ms during the settle wait, publishing new entries at once; 0: read once, after it \
                    (NetMonitor) (ScanBench addition)
                    """
            ),
            Knob(
                "retry_rounds",
                \.retryRounds,
                0...5,
                "rounds",
                tune: .integers(0...2, log: false),
                doc: """
                    extra poke-and-settle rounds for hosts still missing from the table (ScanBench addition); each round's finds are \
                    published as soon as its table read is done
                    """
            ),
            Knob(
                "pace_every",
                \.paceEvery,
                0...100_000,
                "packets (0 = no pacing)",
                tune: .numbers([0, 25, 50, 100]),
                doc: "pause after every N pokes; `0` = no pacing (62a7a0a)"
            ),
            Knob(
                "pace_sleep_ms",
                \.paceSleepMs,
                0...10_000,
                "milliseconds",
                tune: .integers(0...50, log: false),
                doc: "length of that pause"
            ),
            Knob("subnet_filter", \.subnetFilter, doc: "drop neighbour entries outside the target network (cc5279d)"),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// ICMP latency sweep: one datagram socket, send all, then collect (spec §2.6).
    public struct ICMP: KnobSection, Equatable {
        public var enabled = true
        /// Collect window after the sends.
        public var timeoutMs = 2000
        public var latency: ICMPLatencyMode = .overwrite

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<ICMP>] = [
            Knob("enabled", \.enabled, doc: "run the phase (ADR-014)"),
            Knob(
                "timeout_ms",
                \.timeoutMs,
                1...60_000,
                "milliseconds",
                tune: .integers(500...3000, log: true),
                doc: "collect window after the sends"
            ),
            Knob(
                "latency",
                \.latency,
                tune: .choice(ICMPLatencyMode.self),
                doc: """
                    `overwrite`: ping every device, overwrite latency (fecc11d); `only_missing`: only devices without latency (e07b3be)
                    """
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// Reverse DNS for devices without a name (spec §2.7).
    public struct PTR: KnobSection, Equatable {
        public var enabled = true
        public var concurrency = 8
        public var timeoutMs = 3000
        public var resolver: PTRResolver = .system

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<PTR>] = [
            Knob("enabled", \.enabled, doc: "run the phase"),
            Knob(
                "concurrency",
                \.concurrency,
                1...256,
                "lookups",
                tune: .integers(2...16, log: true),
                doc: "lookups in flight (10 → 20 → 8)"
            ),
            Knob(
                "timeout_ms",
                \.timeoutMs,
                1...60_000,
                "milliseconds",
                tune: .integers(500...3000, log: true),
                doc: "per lookup (3 s → 1 s → 3 s)"
            ),
            Knob(
                "resolver",
                \.resolver,
                tune: .choice(PTRResolver.self),
                doc: "`system`: `getnameinfo`; `gateway`: a PTR query sent straight to the gateway"
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// How discovery reaches the UI model (spec §4).
    public struct Publishing: KnobSection, Equatable {
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

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Publishing>] = [
            Knob(
                "policy",
                \.policy,
                tune: .choice(PublishPolicy.self),
                doc: """
                    when a publish happens: `per_callback` every progress callback (b6d1f1b); `per_host` every callback plus one more when \
                    it brought devices (the review's baseline); `every_percent` when progress moved `percent` points (52449ab); `every_ms` \
                    at most every `interval_ms` (review P1); `percent_or_ms` when progress moved `percent` points or — if it moved at all — \
                    `interval_ms` passed, whichever comes first (review P6 "every 2% change or every 0.3s"; NetMonitor never shipped it). \
                    The end of the scan always publishes
                    """
            ),
            Knob("percent", \.percent, doc: "progress step for `every_percent` and `percent_or_ms`"),
            Knob(
                "interval_ms",
                \.intervalMs,
                1...60_000,
                "milliseconds",
                tune: .integers(100...1000, log: true),
                doc: "interval for `every_ms` and `percent_or_ms` (the review's P6 uses 300)"
            ),
            Knob("phase_boundaries", \.phaseBoundaries, tune: .flag, doc: "also publish when a phase ends"),
            Knob(
                "isolation",
                \.isolation,
                tune: .choice(PublishIsolation.self),
                doc: """
                    `main_actor`: discovery state on the main actor; `own_actor`: its own actor, hopping to the main actor only to publish
                    """
            ),
            Knob(
                "device_flush_ms",
                \.deviceFlushMs,
                0...60_000,
                "milliseconds (0 = the list goes with every publish)",
                tune: .numbers([0, 500, 1000]),
                doc: """
                    what a publish hands over. `0`: the whole device list every time (NetMonitor: both b6d1f1b's publish and 52449ab's \
                    flush assign `discoveredDevices`). N > 0 (review P6: "flush … every 1s or at phase boundaries"): the list goes when it \
                    changed and N ms passed since it last went, and with every phase-boundary and final publish; when the policy publishes \
                    nothing but the list is due it goes alone (reason `device_flush`); every other publish sets progress only, which costs \
                    the main actor the progress text and no list work (`DeviceList`; docs/METRICS.md, "UI")
                    """
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }
}
