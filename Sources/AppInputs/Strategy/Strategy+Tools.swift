import AppContract

extension Strategy {
    /// The app's tool services as they run inside the same process as the scan (`scanbench app`):
    /// where their completion handling runs, how ping measures, and the port scanner's settings
    /// (spec §5.1, §5.4; review problems 3 and 4, priority 5).
    public struct Tools: KnobSection, Equatable {
        /// Where the tools' connection callbacks and timestamps run.
        public var executor: ToolExecutor = .dedicated
        public var ping = Ping()
        public var portScanner = PortScanner()
        /// The traceroute tool's mechanism.
        public var trace = Trace()
        /// Which Bonjour browser service the Bonjour tool and the device-detail screen browse with.
        public var bonjourService: BonjourServiceSharing = .own

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Tools>] = [
            Knob(
                "executor",
                \.executor,
                doc: """
                    where the tools' connection callbacks run and are timed: `shared_pool` — a task on Swift's global pool, behind the \
                    scan's phases, accumulator and publishing (`connection.start(queue: .global())`, review problems 3.2 and 4.2); \
                    `dedicated` — a thread of its own at nice −10 (review priority 5, aabef99)
                    """
            ),
            Knob(section: "ping", \.ping),
            Knob(section: "port_scanner", \.portScanner),
            Knob(section: "trace", \.trace),
            Knob(
                "bonjour_service",
                \.bonjourService,
                doc: """
                    whose Bonjour browser service the Bonjour tool and the device-detail discovery use (spec §5.8 says what they browse, \
                    not with which instance): `own` — a fresh one, as ADR-008 says screens own their services \
                    (`BonjourDiscoveryToolViewModel(bonjourService:)`); `shared_with_scan` — **an assumption, to sweep**: the scan's one \
                    service (`SharedResources.bonjour`), so a tool browse begins a new session, stops the scan's browser and makes its late \
                    answers stale callbacks (`bonjour.generation_check`, ADR-007)
                    """
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// `PingService` (spec §5.1).
    public struct Ping: KnobSection, Equatable {
        /// ICMP echo over a datagram socket (NetMonitor since c86a3a1), the same with NetDiag+'s
        /// payload marker and `SO_RCVTIMEO` read (seed 003:21-45), or TCP connects to `tcp_ports`
        /// (before c86a3a1).
        public var method: PingMethod = .icmp
        /// When a reply's time is taken.
        public var timestamps: PingTimestamps = .callback
        /// Per-attempt timeout (NetMonitor's setting, default 5 s).
        public var timeoutMs = 5000
        /// Ports the TCP method connects to in parallel, each holding a budget slot (9ef0682).
        public var tcpPorts = [443, 80, 22]

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Ping>] = [
            Knob(
                "method",
                \.method,
                doc: """
                    `icmp`: echo on a datagram socket (c86a3a1), NetMonitor's 16-byte payload, matched on the sequence, read by \
                    `poll` until the timeout; `icmp_rcvtimeo`: NetDiag+'s echo on a datagram socket (003:6-10) with a per-run payload \
                    marker, matched on sequence and marker (003:21-36), read by a blocking `recvfrom` bounded by `SO_RCVTIMEO` = \
                    `timeout_ms`, which a stray datagram restarts (003:37-45); `tcp`: connects to `tcp_ports` in parallel, each holding a budget slot; a \
                    handshake or a refusal is a reply (before c86a3a1)
                    """
            ),
            Knob(
                "timestamps",
                \.timestamps,
                doc: """
                    `callback`: the reply is timed when its callback runs on the executor (NetMonitor); `kernel`: `SO_TIMESTAMPNS` for \
                    ICMP, the reactor's `epoll_wait` return for TCP
                    """
            ),
            Knob("timeout_ms", \.timeoutMs, 1...60_000, "milliseconds", doc: "per attempt (NetMonitor's setting)"),
            Knob("tcp_ports", \.tcpPorts, doc: "the TCP method's ports (9ef0682)"),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// The traceroute tool: NetMonitor's `TracerouteService` (spec §5.3) or NetDiag+'s (seed 003:47-72).
    public struct Trace: KnobSection, Equatable {
        /// What each probe is.
        public var method: TraceMethod = .icmp
        /// Probes sent per TTL.
        public var probesPerHop = 3

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Trace>] = [
            Knob(
                "method",
                \.method,
                doc: """
                    `icmp`: echo with rising TTL on a datagram ICMP socket (NetMonitor, spec §5.3); `udp`: NetDiag+'s 32 bytes of \
                    0x40 to port 33434 + probe number with rising TTL (003:52-62), the destination's port unreachable ends it \
                    (003:69-72)
                    """
            ),
            Knob(
                "probes_per_hop",
                \.probesPerHop,
                1...10,
                "probes",
                doc:
                    "probes per TTL: NetMonitor 3 (spec §5.3); NetDiag+ sends one per TTL and reads one answer (003:55-63)"
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// `PortScannerService` (spec §5.4).
    public struct PortScanner: KnobSection, Equatable {
        /// Ports in flight (sliding window; 50 → 20 in 9ef0682).
        public var maxConcurrent = 20
        /// Per-port timeout when the caller gives none (the tool's setting, 2 s; device detail
        /// passes 1.5 s).
        public var timeoutMs = 2000
        /// What `.waiting` means (the review's problem 4.1: `fail` made it *filtered* at once).
        public var waitingPolicy: WaitingPolicy = .timer
        /// `allowLocalEndpointReuse` (`SO_REUSEADDR` on each probe socket).
        public var localEndpointReuse = true
        /// The API each port's connect goes through.
        public var connectionAPI: ConnectionAPI = .nwConnection

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<PortScanner>] = [
            Knob(
                "max_concurrent",
                \.maxConcurrent,
                1...1000,
                "ports in flight",
                doc: "ports in flight (50 → 20 in 9ef0682)"
            ),
            Knob(
                "timeout_ms",
                \.timeoutMs,
                1...60_000,
                "milliseconds",
                doc: "per port when the session gives none (device detail passes 1500)"
            ),
            Knob(
                "waiting_policy",
                \.waitingPolicy,
                doc: """
                    `fail`: `.waiting` → filtered at once (the review's problem 4.1); `timer`: ignored, the timer decides (0ee4b4e); \
                    `inspect_error`: a refusal is closed
                    """
            ),
            Knob(
                "local_endpoint_reuse",
                \.localEndpointReuse,
                doc: "`SO_REUSEADDR`/`SO_REUSEPORT` on each socket (`allowLocalEndpointReuse`)"
            ),
            Knob(
                "connection_api",
                \.connectionAPI,
                doc: """
                    as `tcp.connection_api`: under `bsd_socket` a refused port is *closed* at once and `waiting_policy` \
                    may not be written (NetDiag+ does everything "on raw BSD sockets", 003:2)
                    """
            ),
        ]
        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// Where a tool's connection callbacks run.
    public enum ToolExecutor: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Swift's global concurrent pool, which the scan's phases, accumulator and publishing
        /// also run on: NetMonitor's `connection.start(queue: .global())` before aabef99 (review
        /// problems 3.2 and 4.2).
        case sharedPool = "shared_pool"
        /// A thread of the tool's own at raised priority: the review's priority 5, a dedicated
        /// `.userInteractive` queue (aabef99).
        case dedicated
    }

    /// How ping probes.
    public enum PingMethod: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// ICMP echo on an unprivileged datagram socket (c86a3a1, ADR-003).
        case icmp
        /// NetDiag+'s: ICMP echo on a datagram socket with a per-run payload marker, matched on
        /// sequence and marker, the reply read by a blocking `recvfrom` under `SO_RCVTIMEO`
        /// (seed 003:6-10, 003:21-45).
        case icmpRcvtimeo = "icmp_rcvtimeo"
        /// Connects to `tcp_ports` in parallel; a handshake or a refusal is a reply (before c86a3a1).
        case tcp
    }

    /// What a traceroute probe is.
    public enum TraceMethod: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// ICMP echo with rising TTL on a datagram ICMP socket (NetMonitor, spec §5.3).
        case icmp
        /// UDP to closed ports 33434 upward with rising TTL: NetDiag+ (seed 003:52-72), the
        /// classic BSD traceroute.
        case udp
    }

    /// When a ping reply is timed.
    public enum PingTimestamps: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// When the tool's callback finally runs on its executor (NetMonitor: `Date()` in the
        /// state handler or after `recv` returns), so scheduling delay is in the RTT.
        case callback
        /// When the kernel saw the reply: `SO_TIMESTAMPNS` for ICMP, the reactor's `epoll_wait`
        /// return for TCP (ours).
        case kernel
    }

    /// Whose `BonjourDiscoveryService` the Bonjour tool and the device-detail screen's service
    /// discovery use (spec §5.8 says what they browse, not with which instance).
    public enum BonjourServiceSharing: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// A service of their own: ADR-008, "ViewModels create services in `init()`", "each tool
        /// screen manages its own service lifecycle" (`BonjourDiscoveryToolViewModel(bonjourService:)`
        /// takes one by injection).
        case own
        /// An assumption, to sweep: the scan's one service (`SharedResources.bonjour`), so a tool
        /// browse begins a new session of it and the scan's browser becomes stale — the situation
        /// ADR-007's context describes ("callbacks from cancelled browsers arrived after a new
        /// discovery had started"), whose generation check `bonjour.generation_check` sets.
        case sharedWithScan = "shared_with_scan"
    }
}
