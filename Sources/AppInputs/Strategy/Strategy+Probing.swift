extension Strategy {
    /// TCP probe phase (spec §2.4).
    public struct TCP: Codable, Sendable, Equatable {
        public var enabled = true
        /// Hosts probed at once, before the thermal multiplier.
        public var hostConcurrency = 40
        /// Scale `host_concurrency` by the thermal multiplier at phase start (8a8b128).
        public var thermalScaling = true
        /// Port probes in flight per host.
        public var portsInFlight = 3
        public var primaryPorts = [80, 443, 22, 445]
        public var secondaryPorts = [7000, 8080, 8443, 62078, 5353, 9100, 1883, 554, 548]
        public var secondaryPolicy: SecondaryProbePolicy = .always
        public var timeouts = Timeouts()
        /// Skip hosts already in the accumulator when the phase starts (1d8fd09 / b6d1f1b).
        public var skipKnownHosts = true
        public var waitingPolicy: WaitingPolicy = .timer

        enum CodingKeys: String, CodingKey, CaseIterable {
            case enabled, timeouts
            case hostConcurrency = "host_concurrency"
            case thermalScaling = "thermal_scaling"
            case portsInFlight = "ports_in_flight"
            case primaryPorts = "primary_ports"
            case secondaryPorts = "secondary_ports"
            case secondaryPolicy = "secondary_policy"
            case skipKnownHosts = "skip_known_hosts"
            case waitingPolicy = "waiting_policy"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        /// Not `enabled`: every preset lists `tcp_probe` in its pipeline, where the loader refuses it switched off.
        static let tunable: [KnobRange] = [
            .integers(CodingKeys.hostConcurrency, 4...64, log: true),
            .integers(CodingKeys.portsInFlight, 1...4),
            .choice(CodingKeys.secondaryPolicy, SecondaryProbePolicy.self),
            .flag(CodingKeys.skipKnownHosts),
            .choice(CodingKeys.waitingPolicy, WaitingPolicy.self)
        ] + Timeouts.tunable.map { $0.under(CodingKeys.timeouts) }
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = TCP()
            enabled = try c.value(.enabled, or: d.enabled)
            hostConcurrency = try c.value(.hostConcurrency, or: d.hostConcurrency)
            thermalScaling = try c.value(.thermalScaling, or: d.thermalScaling)
            portsInFlight = try c.value(.portsInFlight, or: d.portsInFlight)
            primaryPorts = try c.value(.primaryPorts, or: d.primaryPorts)
            secondaryPorts = try c.value(.secondaryPorts, or: d.secondaryPorts)
            secondaryPolicy = try c.value(.secondaryPolicy, or: d.secondaryPolicy)
            timeouts = try c.value(.timeouts, or: d.timeouts)
            skipKnownHosts = try c.value(.skipKnownHosts, or: d.skipKnownHosts)
            waitingPolicy = try c.value(.waitingPolicy, or: d.waitingPolicy)
        }
    }

    /// Probe timeouts: fixed, or adaptive through `RTTTracker` with these bases.
    public struct Timeouts: Codable, Sendable, Equatable {
        public var mode: TimeoutMode = .adaptive
        /// Primary group timeout (fixed) or adaptive base.
        public var primaryMs = 500
        /// Secondary group timeout (fixed) or adaptive base.
        public var secondaryMs = 800
        public var floorMs = 100
        public var ceilingMs = 1000
        /// Samples before the timeout adapts.
        public var minSamples = 3

        enum CodingKeys: String, CodingKey, CaseIterable {
            case mode
            case primaryMs = "primary_ms"
            case secondaryMs = "secondary_ms"
            case floorMs = "floor_ms"
            case ceilingMs = "ceiling_ms"
            case minSamples = "min_samples"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .choice(CodingKeys.mode, TimeoutMode.self),
            .integers(CodingKeys.primaryMs, 200...2000, log: true),
            .integers(CodingKeys.secondaryMs, 300...2000, log: true)
        ]
        public init() {}
        /// Timeouts with the given mode and bases; clamps and sample count keep NetMonitor's values.
        public init(mode: TimeoutMode, primaryMs: Int, secondaryMs: Int) {
            self.mode = mode
            self.primaryMs = primaryMs
            self.secondaryMs = secondaryMs
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Timeouts()
            mode = try c.value(.mode, or: d.mode)
            primaryMs = try c.value(.primaryMs, or: d.primaryMs)
            secondaryMs = try c.value(.secondaryMs, or: d.secondaryMs)
            floorMs = try c.value(.floorMs, or: d.floorMs)
            ceilingMs = try c.value(.ceilingMs, or: d.ceilingMs)
            minSamples = try c.value(.minSamples, or: d.minSamples)
        }
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
    public struct Enrichment: Codable, Sendable, Equatable {
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

        enum CodingKeys: String, CodingKey, CaseIterable {
            case enabled, ports, concurrency
            case randomPortRange = "random_port_range"
            case baseTimeoutMs = "base_timeout_ms"
            case slotPerConnection = "slot_per_connection"
            case waitingPolicy = "waiting_policy"
        }
        /// What `scanbench tune` may try for these knobs (`KnobRange`); the others keep the base's value.
        static let tunable: [KnobRange] = [
            .flag(CodingKeys.enabled),
            .integers(CodingKeys.concurrency, 4...64, log: true),
            .integers(CodingKeys.baseTimeoutMs, 200...1500, log: true),
            .choice(CodingKeys.waitingPolicy, WaitingPolicy.self)
        ]
        public init() {}
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Enrichment()
            enabled = try c.value(.enabled, or: d.enabled)
            ports = try c.value(.ports, or: d.ports)
            // Absent keeps the default range; an explicit null switches the random port off.
            randomPortRange = c.contains(.randomPortRange)
                ? try c.decodeIfPresent(PortRange.self, forKey: .randomPortRange) : d.randomPortRange
            baseTimeoutMs = try c.value(.baseTimeoutMs, or: d.baseTimeoutMs)
            concurrency = try c.value(.concurrency, or: d.concurrency)
            slotPerConnection = try c.value(.slotPerConnection, or: d.slotPerConnection)
            waitingPolicy = try c.value(.waitingPolicy, or: d.waitingPolicy)
        }
    }
}
