import AppContract

extension Strategy {
    /// What a probe does when its connection reports NWConnection's `.waiting` (Linux:
    /// ECONNREFUSED or an unreachable error after a connect attempt).
    public enum WaitingPolicy: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Give up at once (NetMonitor 2026-02-13 fbafd12; the state the review measured).
        case fail
        /// Ignore it and let the probe's timer decide (NetMonitor since 0ee4b4e).
        case timer
        /// Look at the error: ECONNREFUSED means the host is alive (RST), anything else waits
        /// for the timer (NetMonitor's enrichment race since 0f0d462).
        case inspectError = "inspect_error"
    }

    /// The API an app makes its TCP connects through: it decides what a refusal looks like to the
    /// caller.
    public enum ConnectionAPI: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Network.framework's NWConnection (NetMonitor): a refused or unreachable connect is
        /// `.waiting`, the connection follows its path, and `waiting_policy` says what that means.
        case nwConnection = "nw_connection"
        /// A non-blocking BSD `connect()` watched for writability, its result read with
        /// `SO_ERROR` (POSIX connect(2)): a handshake is ready, any error (ECONNREFUSED included)
        /// is final at once, the caller's timeout ends silence. No `.waiting`, no path following
        /// (NetDiag+, seed 003:2, 003:109).
        case bsdSocket = "bsd_socket"

        /// True when the API reports errors through NWConnection's `.waiting`, so a
        /// `waiting_policy` applies.
        public var hasWaiting: Bool { self == .nwConnection }
    }

    /// Whether the secondary port group is probed after the primary group found nothing.
    public enum SecondaryProbePolicy: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Always (NetMonitor since cb5e142: "firewalled devices were missed").
        case always
        /// Skip when every primary probe timed out (review priority 3, eaa2a84): a refusal or
        /// other failure still leads to the secondary group.
        case skipWhenAllPrimaryTimedOut = "skip_when_all_primary_timed_out"
        /// Never probe secondary ports.
        case never
        /// Never for an unanswered host; instead, once every host's primary group has ended, probe
        /// every secondary port of each host the primary group found, `identify_concurrency` hosts
        /// at a time (HomeNet, seed 002:43-46: `Found IPs` → `Identify Batches of 8` →
        /// `identifyOpenPorts`).
        case onFoundHosts = "on_found_hosts"
    }

    /// How the TCP phase takes hosts `host_concurrency` at a time.
    public enum HostBatching: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// A sliding window: the next host starts as soon as any host ends (NetMonitor, spec §2.4).
        case sliding
        /// Barrier batches: the next `host_concurrency` hosts start only when every probe of the
        /// current batch has ended, so a batch lasts as long as its slowest host (HomeNet, seed
        /// 002:43 "Batches of 25").
        case barrier
    }

    /// Fixed timeouts, or RFC 6298-style adaptive ones fed by handshake times.
    public enum TimeoutMode: String, Sendable, Codable, CaseIterable, StrategyChoice {
        case fixed, adaptive
    }

    /// A collection window of fixed length, or NetMonitor's adaptive poll-until-quiet loop.
    public enum WindowMode: String, Sendable, Codable, CaseIterable, StrategyChoice {
        case fixed, adaptive
    }

    /// When the Bonjour browse starts.
    public enum BrowseStart: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Before the pipeline (NetMonitor's service starts browsing at scan start); the phase's
        /// window is measured from scan start.
        case scanStart = "scan_start"
        /// When the Bonjour phase itself starts.
        case phaseStart = "phase_start"
    }

    /// How a browsed Bonjour service is turned into an address.
    public enum ResolveMethod: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// NetMonitor: open a TCP connection to the service (takes a budget slot) and read the
        /// remote address once ready.
        case tcpConnect = "tcp_connect"
        /// Ask mDNS for the SRV and A records; no connection is made.
        case mdns
    }

    /// How often the Bonjour browser repeats its browse queries within the window.
    public enum BonjourRequery: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// RFC 6762 §5.2 continuous querying: 1 s, then doubling (what mDNSResponder does for NWBrowser).
        case rfc6762
        /// One query per tier, never repeated.
        case once
    }

    /// Which name a Bonjour find gives the device.
    public enum BonjourHostname: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// The instance name, e.g. "Living Room" (NetMonitor, spec §2.3 step 4).
        case instanceName = "instance_name"
        /// The SRV target's host label, e.g. "Living-Room" from `Living-Room.local`.
        case hostName = "host_name"
    }

    /// Where the SSDP phase sits relative to the others when `pipeline.steps` is not given.
    public enum SSDPPlacement: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Concurrent with the TCP probe (NetMonitor since 5a253a2).
        case withTCP = "with_tcp"
        /// In its own step after the TCP probe (before 5a253a2).
        case afterTCP = "after_tcp"
        /// Concurrent with the Bonjour phase (review §4 priority 8).
        case withBonjour = "with_bonjour"
    }

    /// Which address an SSDP response is credited to.
    public enum SSDPAddressSource: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// The first IPv4 in the LOCATION header, else anywhere in the text (NetMonitor).
        case location
        /// The UDP source address of the response.
        case sender
    }

    /// What the ICMP sweep does with latency.
    public enum ICMPLatencyMode: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Ping every known device and overwrite its latency (NetMonitor since fecc11d).
        case overwrite
        /// Ping only devices without latency and fill it in (e07b3be).
        case onlyMissing = "only_missing"
    }

    /// How reverse names are looked up.
    public enum PTRResolver: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// `getnameinfo` through the system resolver (NetMonitor).
        case system
        /// A PTR query sent straight to the gateway's DNS server.
        case gateway
    }

    /// When discovery state is handed to the UI model.
    public enum PublishPolicy: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// On every engine progress callback (NetMonitor since b6d1f1b).
        case perCallback = "per_callback"
        /// Once per probed host (the review's baseline: 254 progress mutations).
        case perHost = "per_host"
        /// When progress advanced by `percent` (52449ab: 2 %).
        case everyPercent = "every_percent"
        /// At most every `interval_ms` (review priority 1: "every 0.5 s").
        case everyMs = "every_ms"
        /// When progress advanced by `percent` or `interval_ms` passed, whichever comes first
        /// (review priority 6: "every 2% change or every 0.3s"; NetMonitor never shipped it).
        case percentOrMs = "percent_or_ms"
    }

    /// Where discovery state lives.
    public enum PublishIsolation: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// On the main actor (NetMonitor's `@MainActor` service).
        case mainActor = "main_actor"
        /// In its own actor, hopping to the main actor only to publish (review priority 1).
        case ownActor = "own_actor"
    }

    /// How the target host list is planned.
    public enum SubnetPolicy: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// From the interface's netmask, capped at `max_hosts` around our address (0ee4b4e).
        case netmask
        /// The /24 of our address, .1–.254 (the review's "falls back to /24").
        case assume24 = "assume_24"
    }
}
