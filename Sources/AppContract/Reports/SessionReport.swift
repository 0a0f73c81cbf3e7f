/// What `scanbench-app --json` prints (the harness decodes it): the scan's report (the same as `scanbench scan --json`),
/// each tool's results, the budget's health at the end, and the hang when there was one. Keys
/// are snake_case (docs/HARNESS.md "Sessions").
public struct SessionReport: Codable, Sendable {
    public var script: String
    public var strategy: String
    /// Seconds from session start to the last scan's start; nil when no scan ran.
    public var scanStartedS: Double?
    /// The last scan's report; nil when it did not finish (hung) or none was scripted.
    public var scan: ScanReport?
    /// Why the last scan returned no report — its setup failed (e.g. no IPv4 address on the
    /// interface), with the fix; nil when it ran or was cancelled. The harness fails the run on it.
    public var scanError: String?
    /// Events the event log could not encode or write, and why the first was lost; nil when none
    /// was. The harness fails the run on it: every stack metric is built from those events.
    public var eventsLost: Int?
    public var eventLogError: String?
    /// Scans the script started (a rescan follows a `cancel: scan`).
    public var scansStarted = 0
    /// Callbacks of the Bonjour browser service from an earlier scan's session that arrived while a
    /// later one was current: dropped by the generation check (`bonjour.generation_check: true`) …
    public var staleCallbacksDiscarded = 0
    /// … or applied to the current scan's service list (`false`, before ADR-007).
    public var staleCallbacksApplied = 0
    public var pings: [PingRun] = []
    public var portScans: [PortScan] = []
    /// The traceroute, DNS and WHOIS tools' runs (`SessionReport+Lookups.swift`).
    public var traces: [TraceRun] = []
    public var dnsLookups: [DNSLookupRun] = []
    public var whoisLookups: [WhoisLookupRun] = []
    /// The Wake-on-LAN tool's packets, the Bonjour browser tool's runs and the device-detail
    /// screen's service discoveries (`SessionReport+DiscoveryTools.swift`).
    public var wakeOnLAN: [WakeOnLANRun] = []
    public var bonjourBrowses: [BonjourBrowse] = []
    public var detailDiscoveries: [DetailDiscovery] = []
    /// NetDiag+'s host monitor's runs (`SessionReport+Monitor.swift`).
    public var monitors: [MonitorRun] = []
    /// NetDiag+'s certificate checks (`SessionReport+Monitor.swift`).
    public var certs: [CertRun] = []
    /// The shared budget when the session ended.
    public var budget: BudgetDiagnostics
    /// Set when the scan had not finished by the session's deadline.
    public var hang: Hang?
    /// The strategy's classify step when the app ran it (`deep_probe: own` or `none`, after the
    /// session's actions; `SessionReport+Classify.swift`); nil for `harness` or without a scan.
    public var classify: Classify?
    /// Set when the script sent the app to the background (`SessionReport+Background.swift`).
    public var background: Background?

    /// The `error` of a tool run the session ended before its result (`finished: false`), and of
    /// one whose time in the script came after the session's end.
    public static let didNotFinish = "did not finish before the session ended"
    public static let didNotStart = "did not start before the session ended"

    enum CodingKeys: String, CodingKey {
        case script, strategy, scan, pings, budget, hang, classify, background
        case scanStartedS = "scan_started_s"
        case scanError = "scan_error"
        case eventsLost = "events_lost"
        case eventLogError = "event_log_error"
        case scansStarted = "scans_started"
        case staleCallbacksDiscarded = "stale_callbacks_discarded"
        case staleCallbacksApplied = "stale_callbacks_applied"
        case portScans = "port_scans"
        case traces
        case dnsLookups = "dns_lookups"
        case whoisLookups = "whois_lookups"
        case wakeOnLAN = "wake_on_lan"
        case bonjourBrowses = "bonjour_browses"
        case detailDiscoveries = "detail_discoveries"
        case monitors, certs
    }

    /// One ping run.
    public struct PingRun: Codable, Sendable {
        public var target: String
        public var method: String
        public var timestamps: String
        public var replies: [PingReply] = []
        public var cancelled = false
        public var error: String?

        enum CodingKeys: String, CodingKey { case target, method, timestamps, replies, cancelled, error }
    }

    /// One echo or TCP attempt.
    public struct PingReply: Codable, Sendable {
        public var sequence: Int
        /// Wall-clock time of the send (Unix ns), to find the attempt on the wire.
        public var sentUnixNs: Int64
        /// `icmp` or `tcp:PORT` (the port that answered first).
        public var method: String
        public var rttMs: Double?
        public var error: String?

        public init(sequence: Int, sentUnixNs: Int64, method: String, rttMs: Double? = nil, error: String? = nil) {
            self.sequence = sequence
            self.sentUnixNs = sentUnixNs
            self.method = method
            self.rttMs = rttMs
            self.error = error
        }

        enum CodingKeys: String, CodingKey {
            case sequence, method, error
            case sentUnixNs = "sent_unix_ns"
            case rttMs = "rtt_ms"
        }
    }

    /// One port scan.
    public struct PortScan: Codable, Sendable {
        public var target: String
        public var timeoutMs: Int
        public var waitingPolicy: String
        public var results: [PortResult] = []
        /// The scan was cancelled before every port answered.
        public var cancelled = false

        enum CodingKeys: String, CodingKey {
            case target, results, cancelled
            case timeoutMs = "timeout_ms"
            case waitingPolicy = "waiting_policy"
        }
    }

    /// One port: NetMonitor's state and the probe outcome behind it.
    public struct PortResult: Codable, Sendable {
        public var port: Int
        /// open, closed or filtered.
        public var state: String
        /// reachable, refused, failed:ERROR, timeout or cancelled.
        public var outcome: String
        public var rttMs: Double?

        public init(port: Int, state: String, outcome: String, rttMs: Double?) {
            (self.port, self.state, self.outcome, self.rttMs) = (port, state, outcome, rttMs)
        }

        enum CodingKeys: String, CodingKey { case port, state, outcome, rttMs = "rtt_ms" }
    }

    /// A scan that never finished: where it stood at the deadline.
    public struct Hang: Codable, Sendable {
        /// Seconds after session start when the hang was declared.
        public var declaredAtS: Double
        /// Phases started and not ended: the ones that waited.
        public var openPhases: [String]
        /// The budget then: `active` slots counted as held, `queued` tasks waiting.
        public var budget: BudgetDiagnostics
        /// The limit then (base × thermal multiplier); nil when unlimited.
        public var effectiveLimit: Int?
        public var thermal: String

        public init(
            declaredAtS: Double,
            openPhases: [String],
            budget: BudgetDiagnostics,
            effectiveLimit: Int?,
            thermal: String
        ) {
            (self.declaredAtS, self.openPhases, self.budget, self.effectiveLimit, self.thermal) = (
                declaredAtS, openPhases, budget, effectiveLimit, thermal
            )
        }

        enum CodingKeys: String, CodingKey {
            case budget, thermal
            case declaredAtS = "declared_at_s"
            case openPhases = "open_phases"
            case effectiveLimit = "effective_limit"
        }
    }
}

// In extensions, so that the memberwise initialisers stay for tests (`@testable`).

extension SessionReport {
    public init(script: String, strategy: String, budget: BudgetDiagnostics) {
        (self.script, self.strategy, self.budget) = (script, strategy, budget)
    }
}

extension SessionReport.PingRun {
    public init(target: String, method: String, timestamps: String) {
        (self.target, self.method, self.timestamps) = (target, method, timestamps)
    }
}

extension SessionReport.PortScan {
    public init(target: String, timeoutMs: Int, waitingPolicy: String) {
        (self.target, self.timeoutMs, self.waitingPolicy) = (target, timeoutMs, waitingPolicy)
    }
}
