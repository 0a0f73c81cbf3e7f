/// The numbers of one run. Grouped as in docs/METRICS.md; optional values are absent when the
/// run could not measure them (e.g. no ICMP phase → no stack latency).
///
/// The coding keys below are results.json's keys, declared once: a `Metric` (the catalogue in
/// Metric+Catalogue.swift) takes its id from them, and says what the number means, where it
/// comes from and how `compare` gates it.
public struct RunMetrics: Codable, Sendable, Equatable {
    public var yield = Yield()
    public var wire = WireCounters()
    public var stack = Stack()
    public var latency = Latency()
    public var ui = UI()
    public var names = Names()
    public var ports: Ports?
    public var ping: PingAccuracy?
    /// The session's traceroute, DNS and WHOIS runs against their reference tools
    /// (`RunMetrics+Lookups.swift`); nil when the session ran none.
    public var lookups: Lookups?
    /// The Wake-on-LAN tool's packet, the Bonjour browser tool's services and the device-detail
    /// screen's services against their references (RunMetrics+DiscoveryTools.swift).
    public var wakeOnLAN: WakeOnLANDelivery?
    public var bonjourBrowse: ServiceAgreement?
    public var detailServices: ServiceAgreement?
    /// Set when the session's scan hung.
    public var hang: Hang?
    /// Set when the session sent the app to the background (docs/PLATFORMS.md, "The background
    /// window"): whether the platform suspended it, and what the scan had found by then.
    public var background: Background?
    /// The shared budget's books when the app session ended; nil in files written before it was
    /// recorded.
    public var budget: Budget?
    /// What the whole session cost under the strategy: the scan with the session's tools, plus the
    /// classify step whose categories `names` scores (RunMetrics+Session.swift); nil in files
    /// written before it was recorded.
    public var session: Session?
    public var durationS: Double = 0
    /// Seconds per phase id.
    public var phasesS: [String: Double] = [:]
    /// Phases the engine cut off at their deadline (`phase_end` outcome `abandoned`). What such a
    /// phase sent depends on how far it got when the deadline fell, so its counters may differ
    /// between repetitions of one seed (docs/METRICS.md, "Repeatability").
    public var phasesCutAtDeadline: [String]?
    public var timeTo90PercentS: Double?
    /// When the run found its k-th discoverable device, k the fixture's discoverable count; nil when
    /// it missed one (`isIncomplete`). Files before schema 4 held the time of the run's own last
    /// find here, so `ResultsDocument.load` drops it from their incomplete runs.
    public var timeTo100PercentS: Double?
    /// The physical floor of `time_to_100_percent_s`: the latest of the discoverable devices'
    /// floors, i.e. the earliest moment a scanner could know every one of them.
    public var timeTo100PercentFloorS: Double?
    public var cpuS: Double = 0
    public var peakRssMb: Double = 0
    public var peakFds: Int = 0
    public var peakThreads: Int = 0
    /// Context switches of the scanner process, all its threads included (wait4): voluntary (a
    /// thread blocked) and involuntary (one was preempted); nil in files written before they
    /// were recorded.
    public var contextSwitchesVoluntary: Int?
    public var contextSwitchesInvoluntary: Int?
    /// Times a thread of the scanner was woken (kernel tracepoint `sched:sched_wakeup`); nil when
    /// not measured (docs/METRICS.md, "Process activity").
    public var wakeups: Int?
    /// System calls the scanner made (kernel tracepoint `raw_syscalls:sys_enter`); nil when not measured.
    public var syscalls: Int?

    public init() {}

    /// Whether the run missed a discoverable device: then it never reached 100 % and has no
    /// `time_to_100_percent_s`.
    public var isIncomplete: Bool { yield.found < yield.discoverable }

    enum CodingKeys: String, CodingKey {
        case yield, wire, stack, latency, ui, names, ports, ping, lookups, hang, budget, session, background
        case wakeOnLAN = "wake_on_lan"
        case bonjourBrowse = "bonjour_browse"
        case detailServices = "detail_services"
        case durationS = "duration_s"
        case phasesS = "phases_s"
        case phasesCutAtDeadline = "phases_cut_at_deadline"
        case timeTo90PercentS = "time_to_90_percent_s"
        case timeTo100PercentS = "time_to_100_percent_s"
        case timeTo100PercentFloorS = "time_to_100_percent_floor_s"
        case cpuS = "cpu_s"
        case peakRssMb = "peak_rss_mb"
        case peakFds = "peak_fds"
        case peakThreads = "peak_threads"
        case contextSwitchesVoluntary = "context_switches_voluntary"
        case contextSwitchesInvoluntary = "context_switches_involuntary"
        case wakeups, syscalls
    }

    public struct Yield: Codable, Sendable, Equatable {
        public var found = 0
        public var discoverable = 0
        public var recall = 0.0
        public var falsePositives = 0
        /// Devices first found by each source.
        public var bySource: [String: Int] = [:]
        /// [category: [found, discoverable]].
        public var byCategory: [String: [Int]] = [:]

        public init() {}

        enum CodingKeys: String, CodingKey {
            case found, discoverable, recall
            case falsePositives = "false_positives"
            case bySource = "by_source"
            case byCategory = "by_category"
        }
    }

    /// What the capture of the scanner's link shows (docs/METRICS.md, "Wire"); results.json key `wire`.
    /// Filled from Capture's analysis in one place, `WireCounters(analysis:)` in Capture; field
    /// names follow the analysis's (`tcpSynRetransmissions` is `tcp.synRetransmissions`), coding
    /// keys stay what results.json has always said (`tcp_syn_retransmits`).
    public struct WireCounters: Codable, Sendable, Equatable {
        public var tcpSyn = 0
        public var tcpSynRetransmissions = 0
        public var tcpAttempts = 0
        public var tcpOpen = 0
        public var tcpClosed = 0
        public var tcpNoAnswer = 0
        public var tcpUnreachable = 0
        public var tcpPeakInFlight = 0
        public var arpRequests = 0
        public var arpReplies = 0
        public var icmpEchoRequests = 0
        public var icmpEchoReplies = 0
        public var mdnsPackets = 0
        public var ssdpPackets = 0
        public var dnsPackets = 0
        public var packets = 0
        public var bytes = 0
        public var captureDrops = 0
        /// Frames the emulated LAN's switch dropped as the fixture configured (link loss and ARP
        /// reply probability) during the run; nil in files written before it was recorded.
        public var emulatorConfiguredDrops: Int?
        /// Frames the switch could not deliver to a host's TAP during the run: loss nobody
        /// configured (0 in a sound run); nil in files written before it was recorded.
        public var emulatorWriteFailures: Int?
        /// Radio active time (estimate): how long a phone's Wi-Fi radio would be awake for the
        /// frames the scanner sent or had to receive, under a published power-state model
        /// (docs/METRICS.md, "Radio active time"); nil in files written before it was recorded.
        public var radioActiveS: Double?
        /// The model's promotions (idle → active) in that estimate: bursts of the scanner's frames.
        public var radioPromotions: Int?
        /// Airtime (estimate), ms: the scanner's frames sent and received as 802.11 exchanges
        /// under a stated PHY model (`airtime_model`; docs/METRICS.md, "Airtime (estimate)"); nil
        /// in files written before it was recorded, or when the scanner was not given.
        public var airtimeMsEst: Double?
        /// Of that, the exchanges the scanner sent, ms.
        public var airtimeSentMsEst: Double?
        /// Radio-on time (estimate), s: the same frames' bursts plus the model's power-save timeout.
        public var radioOnSEst: Double?
        /// The PHY model of the two estimates (`AirtimeModel.name`).
        public var airtimeModel: String?

        public init() {}

        enum CodingKeys: String, CodingKey {
            case packets, bytes
            case tcpSyn = "tcp_syn"
            case tcpSynRetransmissions = "tcp_syn_retransmits"
            case tcpAttempts = "tcp_attempts"
            case tcpOpen = "tcp_open"
            case tcpClosed = "tcp_closed"
            case tcpNoAnswer = "tcp_no_answer"
            case tcpUnreachable = "tcp_unreachable"
            case tcpPeakInFlight = "tcp_peak_in_flight"
            case arpRequests = "arp_requests"
            case arpReplies = "arp_replies"
            case icmpEchoRequests = "icmp_echo_requests"
            case icmpEchoReplies = "icmp_echo_replies"
            case mdnsPackets = "mdns_packets"
            case ssdpPackets = "ssdp_packets"
            case dnsPackets = "dns_packets"
            case captureDrops = "capture_drops"
            case emulatorConfiguredDrops = "emulator_configured_drops"
            case emulatorWriteFailures = "emulator_write_failures"
            case radioActiveS = "radio_active_s"
            case radioPromotions = "radio_promotions"
            case airtimeMsEst = "airtime_ms_est"
            case airtimeSentMsEst = "airtime_sent_ms_est"
            case radioOnSEst = "radio_on_s_est"
            case airtimeModel = "airtime_model"
        }
    }

    public struct Stack: Codable, Sendable, Equatable {
        /// Connection objects the stack created (its own count, from the event log).
        public var connectionsCreated = 0
        /// TCP connections among them (comparable with the wire's attempts).
        public var tcpConnectionsCreated = 0
        /// Whether the stack and the wire agree (`WireCheck.holds`), per address and both ways: the
        /// wire's SYN attempts to an address lie between the stack's connects to it that were
        /// answered and those it started, none go to an empty address, and an empty address the
        /// stack's connects found unreachable got ARP requests. Files before schema 4 checked only
        /// the upper side (their `wire_check` has no `connects_answered_to_present`).
        public var agreesWithWire = false
        /// The stack's connects held against the wire, split by whether a device lives at the address.
        public var wireCheck: WireCheck?
        public var peakInFlight = 0
        public var budgetWaits = 0
        public var peakSlotsInUse = 0
        /// The connection budget's largest effective limit during the run (nil: no budget).
        public var budgetLimit: Int?
        /// `waiting` states the stack reported, by POSIX error name (`ECONNREFUSED`, `ENETDOWN`,
        /// `ENOMEM` past the platform's flow limit …); nil in files written before it was kept.
        public var waitingByError: [String: Int]?

        public init() {}

        enum CodingKeys: String, CodingKey {
            case budgetLimit = "budget_limit"
            case waitingByError = "waiting_by_error"
            case connectionsCreated = "connections_created"
            case tcpConnectionsCreated = "tcp_connections_created"
            case agreesWithWire = "agrees_with_wire"
            case wireCheck = "wire_check"
            case peakInFlight = "peak_in_flight"
            case budgetWaits = "budget_waits"
            case peakSlotsInUse = "peak_slots_in_use"
        }
    }

    /// What the stack's TCP connects should have caused on the wire, and what it did, per address
    /// (docs/METRICS.md, "Agrees with the wire").
    ///
    /// A connect the stack *started* (`preparing`: the kernel was asked to connect) may put one SYN
    /// attempt on the wire, never more; one the stack saw *answered* (`ready`, or refused with
    /// `ECONNREFUSED`) certainly did, since only a SYN gets either answer. Between the two lie the
    /// connects whose SYN the log can neither prove nor rule out: cancelled by a timer or a race,
    /// unreachable (ARP unanswered, so no SYN — or an ICMP error after one), or still open at the end.
    /// So per address: answered ≤ SYN attempts ≤ started. A connect to an empty address makes the
    /// kernel send ARP requests and never a SYN.
    public struct WireCheck: Codable, Sendable, Equatable {
        /// Connection objects the stack created for addresses where a device lives.
        public var connectsToPresent = 0
        /// Those the stack started, and those it saw answered (nil in files before schema 4, whose
        /// check was one-sided).
        public var connectsStartedToPresent: Int?
        public var connectsAnsweredToPresent: Int?
        public var synAttemptsToPresent = 0
        public var connectsToAbsent = 0
        public var synAttemptsToAbsent = 0
        /// ARP requests the scanner sent for empty addresses it connected to.
        public var arpRequestsToAbsent = 0
        /// Each address that broke a rule, with the numbers: "198.18.0.20: 5 SYN attempts on the
        /// wire, 4 connects started in the stack".
        public var disagreements: [String] = []
        /// Addresses another prober in the run (a scenario's tool) also connected to: not checked.
        public var excluded: [String] = []

        public init() {}

        /// True when every rule holds.
        public var holds: Bool {
            disagreements.isEmpty && synAttemptsToAbsent == 0 && (connectsToAbsent == 0 || arpRequestsToAbsent > 0)
        }

        /// Whether the check was two-sided (schema 4 on); files before it checked only that the wire
        /// showed no more SYN attempts than connects.
        public var isTwoSided: Bool { connectsAnsweredToPresent != nil }

        enum CodingKeys: String, CodingKey {
            case disagreements, excluded
            case connectsToPresent = "connects_to_present"
            case connectsStartedToPresent = "connects_started_to_present"
            case connectsAnsweredToPresent = "connects_answered_to_present"
            case synAttemptsToPresent = "syn_attempts_to_present"
            case connectsToAbsent = "connects_to_absent"
            case synAttemptsToAbsent = "syn_attempts_to_absent"
            case arpRequestsToAbsent = "arp_requests_to_absent"
        }
    }

    public struct Latency: Codable, Sendable, Equatable {
        public var devicesWithLatency = 0
        public var stackVsWireAbsMsMedian: Double?
        public var stackVsWireAbsMsP95: Double?
        public var stackVsTruthAbsMsMedian: Double?
        public var stackVsTruthAbsMsP95: Double?

        public init() {}

        enum CodingKeys: String, CodingKey {
            case devicesWithLatency = "devices_with_latency"
            case stackVsWireAbsMsMedian = "stack_vs_wire_abs_ms_median"
            case stackVsWireAbsMsP95 = "stack_vs_wire_abs_ms_p95"
            case stackVsTruthAbsMsMedian = "stack_vs_truth_abs_ms_median"
            case stackVsTruthAbsMsP95 = "stack_vs_truth_abs_ms_p95"
        }

        /// Unknown values are written as null, so every key is always present.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(devicesWithLatency, forKey: .devicesWithLatency)
            try container.encode(stackVsWireAbsMsMedian, forKey: .stackVsWireAbsMsMedian)
            try container.encode(stackVsWireAbsMsP95, forKey: .stackVsWireAbsMsP95)
            try container.encode(stackVsTruthAbsMsMedian, forKey: .stackVsTruthAbsMsMedian)
            try container.encode(stackVsTruthAbsMsP95, forKey: .stackVsTruthAbsMsP95)
        }
    }

    public struct UI: Codable, Sendable, Equatable {
        public var publishes = 0
        /// Publishes that handed over the device list (the rest set progress only); nil in files
        /// from before `publishing.device_flush_ms`.
        public var deviceListPublishes: Int?
        public var mainBusyMs = 0.0
        /// Main-actor time of one publish over the run's publishes: median, 95th percentile,
        /// maximum; nil without publishes and in files written before they were recorded.
        public var mainBusyP50Ms: Double?
        public var mainBusyP95Ms: Double?
        public var mainBusyMaxMs: Double?
        public var lateFrames = 0
        public var worstHitchMs = 0.0

        public init() {}

        enum CodingKeys: String, CodingKey {
            case publishes
            case deviceListPublishes = "device_list_publishes"
            case mainBusyMs = "main_busy_ms"
            case mainBusyP50Ms = "main_busy_p50_ms"
            case mainBusyP95Ms = "main_busy_p95_ms"
            case mainBusyMaxMs = "main_busy_max_ms"
            case lateFrames = "late_frames"
            case worstHitchMs = "worst_hitch_ms"
        }
    }

    public struct Names: Codable, Sendable, Equatable {
        /// Found devices whose fixture has a host name.
        public var withHostname = 0
        public var hostnameCorrect = 0
        /// Discoverable devices the strategy found and the probe after the scan put in the
        /// fixture's category; nil when no probe ran (docs/METRICS.md, "Categories").
        public var categoryCorrect: Int?
        /// Every discoverable device of the fixture (found or not), so that strategies compare.
        public var categoryTotal: Int?
        /// `CategoryScore` of the probe's guesses: discoverable devices found, those of them given
        /// a category (not unknown), and the fixture's discoverable devices whose own signals
        /// determine their category; nil when no probe ran or in files written before they were
        /// recorded.
        public var categoryFound: Int?
        public var categoryGiven: Int?
        public var categoryIdentifiable: Int?
        /// Wall seconds of that probe (after the scan: not in `duration_s`).
        public var categoryProbeS: Double?
        /// TCP connection attempts and packets the scanner sent during that probe, from its own
        /// capture (the strategy's `classify`: 0 when it has no deep probe); nil in files written
        /// before it was recorded.
        public var categoryProbeConnections: Int?
        public var categoryProbePackets: Int?
        /// Found devices the classify step guessed wired or Wi-Fi (HomeNet's guess from one TCP
        /// connect's time), and those it guessed right against the fixture; nil when it guessed none.
        public var linkGiven: Int?
        public var linkCorrect: Int?

        public init() {}

        enum CodingKeys: String, CodingKey {
            case withHostname = "with_hostname"
            case hostnameCorrect = "hostname_correct"
            case categoryCorrect = "category_correct"
            case categoryTotal = "category_total"
            case categoryFound = "category_found"
            case categoryGiven = "category_given"
            case categoryIdentifiable = "category_identifiable"
            case categoryProbeS = "category_probe_s"
            case categoryProbeConnections = "category_probe_connections"
            case categoryProbePackets = "category_probe_packets"
            case linkGiven = "link_given"
            case linkCorrect = "link_correct"
        }
    }

    /// A port scan's states against the truth.
    public struct Ports: Codable, Sendable, Equatable {
        public var checked = 0
        public var correct = 0
        /// "truth→reported": count, e.g. "open→filtered": 3.
        public var confusions: [String: Int] = [:]
        /// The script cancelled the scan before every port answered.
        public var cancelled: Bool?

        public init() {}

        enum CodingKeys: String, CodingKey { case checked, correct, confusions, cancelled }
    }

    /// A session whose scan had not finished by its deadline (docs/METRICS.md "Hangs").
    public struct Hang: Codable, Sendable, Equatable {
        /// Seconds after the session started when the hang was declared.
        public var declaredAtS: Double
        /// Phases started and not ended.
        public var openPhases: [String]
        /// Slots the budget counted as held, and tasks queued for one, at that moment.
        public var slotsHeld: Int
        public var queued: Int
        /// The budget's limit then (base × thermal multiplier); nil when unlimited.
        public var effectiveLimit: Int?
        public var thermal: String

        public init(
            declaredAtS: Double,
            openPhases: [String],
            slotsHeld: Int,
            queued: Int,
            effectiveLimit: Int?,
            thermal: String
        ) {
            self.declaredAtS = declaredAtS
            self.openPhases = openPhases
            self.slotsHeld = slotsHeld
            self.queued = queued
            self.effectiveLimit = effectiveLimit
            self.thermal = thermal
        }

        enum CodingKeys: String, CodingKey {
            case queued, thermal
            case declaredAtS = "declared_at_s"
            case openPhases = "open_phases"
            case slotsHeld = "slots_held"
            case effectiveLimit = "effective_limit"
        }
    }

    /// The user left the app: the platform's background window, when the app was suspended, and
    /// whether a scan was cut there (docs/PLATFORMS.md, "The background window").
    public struct Background: Codable, Sendable, Equatable {
        /// Seconds after session start when the app went to the background.
        public var atS: Double
        /// The platform's window (`background_time_s`); nil: never suspended.
        public var windowS: Double?
        /// Seconds after session start when the app was suspended; nil when its work ended first.
        public var suspendedAtS: Double?
        /// A scan was running at the suspension and stopped there; `yield` counts what it had.
        public var scanCut: Bool
        /// The last scan's devices at the suspension.
        public var devicesAtCut: Int?

        public init(atS: Double, windowS: Double?, suspendedAtS: Double?, scanCut: Bool, devicesAtCut: Int?) {
            (self.atS, self.windowS, self.suspendedAtS, self.scanCut, self.devicesAtCut) = (
                atS, windowS, suspendedAtS, scanCut, devicesAtCut
            )
        }

        enum CodingKeys: String, CodingKey {
            case atS = "at_s"
            case windowS = "window_s"
            case suspendedAtS = "suspended_at_s"
            case scanCut = "scan_cut"
            case devicesAtCut = "devices_at_cut"
        }
    }

    /// The app session's budget when it ended: whether every slot granted came back, and how long
    /// the slowest release took to run after its connection was done (docs/METRICS.md "Hangs").
    public struct Budget: Codable, Sendable, Equatable {
        public var acquires: Int
        public var releases: Int
        /// Slots counted as held, and tasks queued, at the end.
        public var heldAtEnd: Int
        public var queuedAtEnd: Int
        /// The longest time from a connection's end to its slot's release, ms (the shipped style's
        /// fire-and-forget release waits for the pool; 0 for the structured style).
        public var releaseLagMaxMs: Double
        /// Most slots the budget counted as held at once, and most granted and not yet given back
        /// at once; the second exceeds the first when a scan-start `reset()` zeroed the count under
        /// slots still in use (ADR-016's over-admission). Nil in results written before they existed.
        public var peakCounted: Int?
        public var peakHeld: Int?

        public init(
            acquires: Int,
            releases: Int,
            heldAtEnd: Int,
            queuedAtEnd: Int,
            releaseLagMaxMs: Double,
            peakCounted: Int? = nil,
            peakHeld: Int? = nil
        ) {
            self.acquires = acquires
            self.releases = releases
            self.heldAtEnd = heldAtEnd
            self.queuedAtEnd = queuedAtEnd
            self.releaseLagMaxMs = releaseLagMaxMs
            self.peakCounted = peakCounted
            self.peakHeld = peakHeld
        }

        enum CodingKeys: String, CodingKey {
            case acquires, releases
            case heldAtEnd = "held_at_end"
            case queuedAtEnd = "queued_at_end"
            case releaseLagMaxMs = "release_lag_max_ms"
            case peakCounted = "peak_counted"
            case peakHeld = "peak_held"
        }
    }

    /// A ping tool's RTTs against the wire and the fixture (alone, or during a scan).
    public struct PingAccuracy: Codable, Sendable, Equatable {
        public var target: String
        /// `icmp` or `tcp` (the strategy's `tools.ping.method`).
        public var method: String?
        public var echoes = 0
        public var lost = 0
        /// Attempts whose probe and answer were found on the wire.
        public var matchedOnWire: Int?
        /// |tool RTT − the same attempt's RTT on the wire|, median and 95th percentile.
        public var vsWireAbsMsMedian: Double?
        public var vsWireAbsMsP95: Double?
        public var vsTruthAbsMsMedian: Double?
        public var vsTruthAbsMsP95: Double?

        public init(target: String) { self.target = target }

        enum CodingKeys: String, CodingKey {
            case target, method, echoes, lost
            case matchedOnWire = "matched_on_wire"
            case vsWireAbsMsP95 = "vs_wire_abs_ms_p95"
            case vsWireAbsMsMedian = "vs_wire_abs_ms_median"
            case vsTruthAbsMsMedian = "vs_truth_abs_ms_median"
            case vsTruthAbsMsP95 = "vs_truth_abs_ms_p95"
        }
    }
}
