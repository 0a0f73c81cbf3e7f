extension Strategy {
    /// TCP probe phase (spec §2.4).
    public struct TCP: KnobSection, Equatable {
        public var enabled = true
        /// Hosts probed at once, before the thermal multiplier.
        public var hostConcurrency = 40
        /// Sliding window or barrier batches of `hostConcurrency` hosts.
        public var batching: HostBatching = .sliding
        /// Scale `host_concurrency` by the thermal multiplier at phase start (8a8b128).
        public var thermalScaling = true
        /// Port probes in flight per host.
        public var portsInFlight = 3
        public var primaryPorts = [80, 443, 22, 445]
        public var secondaryPorts = [7000, 8080, 8443, 62078, 5353, 9100, 1883, 554, 548]
        public var secondaryPolicy: SecondaryProbePolicy = .always
        /// Found hosts identified at once under `secondaryPolicy == .onFoundHosts`, in `batching`'s shape.
        public var identifyConcurrency = 8
        public var timeouts = Timeouts()
        /// Skip hosts already in the accumulator when the phase starts (1d8fd09 / b6d1f1b).
        public var skipKnownHosts = true
        public var waitingPolicy: WaitingPolicy = .timer
        /// The API the phase connects through (its port groups and the enrichment race).
        public var connectionAPI: ConnectionAPI = .nwConnection

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        /// Not `enabled` for tune: every preset lists `tcp_probe` in its pipeline, where the loader refuses it switched off.
        static let knobs: [Knob<TCP>] = [
            Knob("enabled", \.enabled, doc: "run the phase"),
            Knob(
                "host_concurrency",
                \.hostConcurrency,
                1...1024,
                "hosts",
                tune: .integers(4...64, log: true),
                doc: "hosts probed at once (history: 20 → 40 → 15 → 24 → 12 → 40)"
            ),
            Knob(
                "batching",
                \.batching,
                tune: .choice(HostBatching.self),
                doc: """
                    how hosts are taken `host_concurrency` at a time: `sliding` starts the next host as soon as one ends \
                    (NetMonitor); `barrier` starts the next batch only when every probe of the current one has ended, \
                    so each batch waits for its slowest host (HomeNet, 002:43 "Batches of 25")
                    """
            ),
            Knob(
                "thermal_scaling",
                \.thermalScaling,
                doc: "scale `host_concurrency` by the thermal multiplier at phase start (8a8b128)"
            ),
            Knob(
                "ports_in_flight",
                \.portsInFlight,
                1...64,
                "probes",
                tune: .integers(1...4, log: false),
                doc: "port probes in flight per host (0ee4b4e)"
            ),
            Knob(
                "primary_ports",
                \.primaryPorts,
                doc: "first group; the first port that answers (handshake or RST) ends the group"
            ),
            Knob(
                "secondary_ports",
                \.secondaryPorts,
                doc: "second group, probed when the primary found nothing (`on_found_hosts`: on the hosts it found)"
            ),
            Knob(
                "secondary_policy",
                \.secondaryPolicy,
                tune: .choice(SecondaryProbePolicy.self),
                doc: """
                    for hosts the primary group did not find: `always` (cb5e142); `skip_when_all_primary_timed_out` (review \
                    P3, eaa2a84); `never`. `on_found_hosts`: never for those; instead, after every host's primary group, \
                    every secondary port of each host it found, `identify_concurrency` hosts at a time, open ports recorded \
                    (HomeNet, 002:43-46 `Found IPs` → `Identify Batches of 8` → `identifyOpenPorts`)
                    """
            ),
            Knob(
                "identify_concurrency",
                \.identifyConcurrency,
                1...1024,
                "hosts",
                doc: """
                    `on_found_hosts` only: found hosts whose secondary ports are probed at once, taken as `batching` \
                    says (HomeNet: 8, 002:44 "Identify Batches of 8")
                    """
            ),
            Knob(
                "skip_known_hosts",
                \.skipKnownHosts,
                tune: .flag,
                doc: "do not probe hosts already found when the phase starts (1d8fd09, b6d1f1b)"
            ),
            Knob(
                "waiting_policy",
                \.waitingPolicy,
                tune: .choice(WaitingPolicy.self),
                doc: """
                    NWConnection `.waiting` (Linux: ECONNREFUSED / unreachable after connect): `fail` at once (fbafd12, the review's \
                    state), `timer` lets the timeout decide (0ee4b4e), `inspect_error`: ECONNREFUSED = alive, other errors wait for the \
                    timer
                    """
            ),
            Knob(
                "connection_api",
                \.connectionAPI,
                doc: """
                    the phase's connects, enrichment race included: `nw_connection` (NetMonitor): a refusal or unreachable \
                    error is `.waiting` and `waiting_policy` decides; `bsd_socket` (NetDiag+, 003:2 "raw BSD sockets", 003:76 \
                    and 003:109 "RST (alive but port closed, also counts as alive)"): a non-blocking `connect()` whose \
                    result is read with `SO_ERROR` once `poll()` says writable (POSIX connect(): `ECONNREFUSED`, "not \
                    listening for connections or refused the connection request"), so an RST is `failed(ECONNREFUSED)` = alive at once, other errors fail, silence ends at \
                    the timeout; no `.waiting`, no path following, `waiting_policy` may not be written. Apple's TN3151 \
                    lists BSD Sockets beside Network framework, which it recommends for TCP
                    """
            ),
            Knob(section: "timeouts", \.timeouts),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// Probe timeouts: fixed, or adaptive through `RTTTracker` with these bases.
    public struct Timeouts: KnobSection, Equatable {
        public var mode: TimeoutMode = .adaptive
        /// Primary group timeout (fixed) or adaptive base.
        public var primaryMs = 500
        /// Secondary group timeout (fixed) or adaptive base.
        public var secondaryMs = 800
        public var floorMs = 100
        public var ceilingMs = 1000
        /// Samples before the timeout adapts.
        public var minSamples = 3

        /// The section's knobs, declared once (`Knob`).
        static let knobs: [Knob<Timeouts>] = [
            Knob(
                "mode",
                \.mode,
                tune: .choice(TimeoutMode.self),
                doc: """
                    `fixed`: `primary_ms`/`secondary_ms` as is; `adaptive`: `RTTTracker` — base until `min_samples`, then clamp(SRTT + \
                    4·RTTVAR, `floor_ms`, `ceiling_ms`) (5a253a2)
                    """
            ),
            Knob(
                "primary_ms",
                \.primaryMs,
                1...60_000,
                "milliseconds",
                tune: .integers(200...2000, log: true),
                doc: "primary timeout or adaptive base (was 700 fixed)"
            ),
            Knob(
                "secondary_ms",
                \.secondaryMs,
                1...60_000,
                "milliseconds",
                tune: .integers(300...2000, log: true),
                doc: "secondary timeout or adaptive base (was 1200 fixed)"
            ),
            Knob("floor_ms", \.floorMs, 1...60_000, "milliseconds", doc: "adaptive lower clamp"),
            Knob("ceiling_ms", \.ceilingMs, 1...60_000, "milliseconds", doc: "adaptive upper clamp"),
            Knob("min_samples", \.minSamples, 1...1000, "samples", doc: "samples before adapting"),
        ]
        public init() {}
        /// Timeouts with the given mode and bases; clamps and sample count keep NetMonitor's values.
        public init(mode: TimeoutMode, primaryMs: Int, secondaryMs: Int) {
            self.mode = mode
            self.primaryMs = primaryMs
            self.secondaryMs = secondaryMs
        }
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// An inclusive port range, e.g. `{min: 33000, max: 44000}`.
    public struct PortRange: Codable, Sendable, Equatable {
        public var min: Int
        public var max: Int
        enum CodingKeys: String, CodingKey, CaseIterable { case min, max }
        public init(min: Int, max: Int) { self.min = min; self.max = max }
    }

    /// Latency enrichment at the end of the TCP phase for devices still without latency
    /// (spec §2.4 step 4).
    public struct Enrichment: KnobSection, Equatable {
        public var enabled = true
        /// Well-known ports raced per device.
        public var ports = [80, 443, 22]
        /// One random closed-looking high port added to the race (chosen once per run); null for none.
        public var randomPortRange: PortRange? = PortRange(min: 33000, max: 44000)
        public var baseTimeoutMs = 500
        /// Devices enriched at once, before the thermal multiplier.
        public var concurrency = 40
        /// Take a budget slot per connection instead of NetMonitor's one slot per device.
        public var slotPerConnection = false
        public var waitingPolicy: WaitingPolicy = .inspectError

        /// The section's knobs, declared once (`Knob`). `random_port_range`: absent keeps the default
        /// range; an explicit null switches the random port off.
        static let knobs: [Knob<Enrichment>] = [
            Knob("enabled", \.enabled, tune: .flag, doc: "run it at the end of the TCP phase (ca2f45d)"),
            Knob("ports", \.ports, doc: "well-known ports raced per device (c788822)"),
            Knob(
                "random_port_range",
                \.randomPortRange,
                doc: "one random high port joins the race, chosen once per run; `null` = none (0f0d462)"
            ),
            Knob(
                "concurrency",
                \.concurrency,
                1...1024,
                "devices",
                tune: .integers(4...64, log: true),
                doc: "devices at once, thermally scaled"
            ),
            Knob(
                "base_timeout_ms",
                \.baseTimeoutMs,
                1...60_000,
                "milliseconds",
                tune: .integers(200...1500, log: true),
                doc: "adaptive base (through the TCP phase's tracker)"
            ),
            Knob(
                "slot_per_connection",
                \.slotPerConnection,
                doc: "`false`: NetMonitor's one budget slot per device for four sockets; `true`: one per connection"
            ),
            Knob(
                "waiting_policy",
                \.waitingPolicy,
                tune: .choice(WaitingPolicy.self),
                doc: "as `tcp.waiting_policy` (0f0d462 accepts ECONNREFUSED in `.waiting`)"
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }
}
