/// One run: one strategy (or sweep variant) on one fixture, one repetition, one scenario.
public struct RunResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case ok, failed
        case timedOut = "timed_out"
        /// The app session's scan did not finish by its deadline (`metrics.hang` says where it stood).
        case hung
    }

    public var fixture: String
    /// Strategy name; for a sweep variant `base[key=value]`.
    public var strategy: String
    public var scenario: String
    public var repetition: Int
    /// Order in the interleaved schedule (0-based), so drift can be checked.
    public var sequence: Int
    public var status: Status
    public var error: String?
    /// Seed of this run's LAN (the switch's jitter and loss draws) and of the scanner's own random
    /// choices; `scanbench run --seed` with it replays the run's impairments. Nil in files from
    /// before seeds were recorded.
    public var seed: UInt64?
    /// Paths relative to the results file.
    public var pcap: String?
    public var events: String?
    /// What the category probe printed after the scan (`scanbench probe --from-scan --json`):
    /// each found device's verdict and the signals behind it; nil when it did not run.
    public var probe: String?
    public var metrics: RunMetrics
    public var devices: [DeviceOutcome]
    public var series: RunSeries
    /// In a sweep (`scanbench run --sweep`): the name of the control this run is held against (the
    /// base strategy unchanged; equal to `strategy` for the control's own runs). Nil outside sweeps.
    public var control: String?
    /// In a sweep: the knobs this run's strategy changed from the control, key path to value as
    /// given (`{}` for the control). Nil outside sweeps.
    public var overrides: [String: String]?
    /// The platform profile this run's app ran on, by name (`linux`, `iphone-a16`), when the file
    /// holds runs of more than one platform (`scanbench merge --across-platforms`); nil otherwise,
    /// when every run ran on `environment.platform`.
    public var platform: String?
    /// Why the app's event log could not be read, when it could not: every figure whose source is
    /// the event log (`Metric.Source.eventLog`) is then unmeasured for this run, not zero. Nil when
    /// it was read.
    public var eventLogError: String?

    enum CodingKeys: String, CodingKey {
        case fixture, strategy, scenario, repetition, sequence, status, error, seed, pcap, events, probe, metrics,
            devices, series
        case control, overrides, platform
        case eventLogError = "event_log_error"
    }

    public init(
        fixture: String,
        strategy: String,
        scenario: String,
        repetition: Int,
        sequence: Int,
        status: Status,
        error: String? = nil,
        pcap: String? = nil,
        events: String? = nil,
        metrics: RunMetrics = RunMetrics(),
        devices: [DeviceOutcome] = [],
        series: RunSeries = RunSeries()
    ) {
        self.fixture = fixture
        self.strategy = strategy
        self.scenario = scenario
        self.repetition = repetition
        self.sequence = sequence
        self.status = status
        self.error = error
        self.pcap = pcap
        self.events = events
        self.metrics = metrics
        self.devices = devices
        self.series = series
    }
}

/// What happened to one fixture device in one run.
public struct DeviceOutcome: Codable, Sendable, Equatable {
    public var name: String
    public var ip: String
    public var category: String
    public var discoverable: Bool
    public var found: Bool
    /// The source that found it first (arp, tcp, icmp, bonjour, ssdp, ptr).
    public var firstSource: String?
    public var sources: [String]
    public var firstSeenMs: Double?
    /// When the app first heard an mDNS answer from it (event log `answer_received`), ms after the
    /// scan started; nil when it heard none, or in files written before it was recorded.
    public var mdnsFirstAnswerMs: Double?
    /// Its TCP connects the app saw answered, from the event log: `ready` (a SYN-ACK) and refused
    /// (`ECONNREFUSED`: an RST); nil when the app made none to it, or in files written before they
    /// were recorded.
    public var tcpReady: Int?
    public var tcpRefused: Int?
    /// The physical floor: the earliest any scanner could have known it (docs/METRICS.md).
    public var floorMs: Double?
    /// Why a discoverable device was missed, from the event log (e.g. "tcp: 4 timeouts, secondary skipped").
    public var missedBecause: String?
    public var latencyMs: Double?
    public var wireRttMs: Double?
    public var truthRttMs: Double?
    public var hostnameReported: String?
    public var hostnameCorrect: Bool?
    /// The category the harness's probe gave the found device (nil: unclassified, or not
    /// probed — then `categoryRule` is nil too), the rule that decided it ("vendor", "none" …)
    /// and its evidence (docs/TOOLS.md, classification).
    public var categoryPredicted: String?
    public var categoryRule: String?
    public var categoryEvidence: String?
    /// Whether the device's own signals determine its category (`Fixture.Identifiability`); nil
    /// in files written before it was recorded.
    public var categoryIdentifiable: Bool?
    /// The classify step's wired/Wi-Fi guess for the found device, `wired` or `wifi` (HomeNet's,
    /// `classify.probe: deep`), and whether it is the fixture's (`Fixture.Device.onWiFi`); nil when
    /// no guess was made.
    public var linkGuess: String?
    public var linkCorrect: Bool?

    public init(name: String, ip: String, category: String, discoverable: Bool, found: Bool) {
        self.name = name
        self.ip = ip
        self.category = category
        self.discoverable = discoverable
        self.found = found
        sources = []
    }

    enum CodingKeys: String, CodingKey {
        case name, ip, category, discoverable, found, sources
        case firstSource = "first_source"
        case firstSeenMs = "first_seen_ms"
        case mdnsFirstAnswerMs = "mdns_first_answer_ms"
        case tcpReady = "tcp_ready"
        case tcpRefused = "tcp_refused"
        case floorMs = "floor_ms"
        case missedBecause = "missed_because"
        case latencyMs = "latency_ms"
        case wireRttMs = "wire_rtt_ms"
        case truthRttMs = "truth_rtt_ms"
        case hostnameReported = "hostname_reported"
        case hostnameCorrect = "hostname_correct"
        case categoryPredicted = "category_predicted"
        case categoryRule = "category_rule"
        case categoryEvidence = "category_evidence"
        case categoryIdentifiable = "category_identifiable"
        case linkGuess = "link_guess"
        case linkCorrect = "link_correct"
    }
}

/// Time series of a run, in milliseconds since the scan started.
public struct RunSeries: Codable, Sendable, Equatable {
    /// [t_ms, TCP attempts in flight on the wire].
    public var tcpInFlight: [[Double]]
    /// [t_ms, devices found so far].
    public var devicesFound: [[Double]]

    public init(tcpInFlight: [[Double]] = [], devicesFound: [[Double]] = []) {
        self.tcpInFlight = tcpInFlight
        self.devicesFound = devicesFound
    }

    enum CodingKeys: String, CodingKey {
        case tcpInFlight = "tcp_in_flight"
        case devicesFound = "devices_found"
    }
}

/// A reference tool measured in the same testbed.
public struct PeerResult: Codable, Sendable, Equatable {
    public var fixture: String
    /// e.g. "nmap -sn", "arp-scan", "avahi-browse", "nmap -sT".
    public var tool: String
    public var repetition: Int
    /// Nil when the tool gave no figure (`not_measured` says why): a missing or failing tool is
    /// not a tool that found nothing.
    public var found: Int?
    public var discoverable: Int
    public var durationS: Double
    public var packets: Int?
    public var tcpSyn: Int?
    /// Why `found` is missing: the tool could not start, exited with an error, or timed out.
    public var notMeasured: String?
    /// A peer that guesses categories (nmap `-O -sV`): its guesses, mapped to our categories,
    /// scored against the fixture with the probe's `CategoryScore`; nil for the other peers.
    public var categories: CategoryScore?
    /// Per found device: address → category (nil: unknown) and what nmap said.
    public var categoryGuesses: [PeerCategoryGuess]?

    public init(
        fixture: String,
        tool: String,
        repetition: Int,
        found: Int?,
        discoverable: Int,
        durationS: Double,
        packets: Int? = nil,
        tcpSyn: Int? = nil
    ) {
        self.fixture = fixture
        self.tool = tool
        self.repetition = repetition
        self.found = found
        self.discoverable = discoverable
        self.durationS = durationS
        self.packets = packets
        self.tcpSyn = tcpSyn
    }

    enum CodingKeys: String, CodingKey {
        case fixture, tool, repetition, found, discoverable, packets
        case durationS = "duration_s"
        case tcpSyn = "tcp_syn"
        case notMeasured = "not_measured"
        case categories
        case categoryGuesses = "category_guesses"
    }
}

/// One device as a category-guessing peer saw it.
public struct PeerCategoryGuess: Codable, Sendable, Equatable {
    public var ip: String
    /// Our category, nil when nothing nmap said maps to one (unknown).
    public var category: String?
    /// nmap's words the category came from: "osclass general purpose (Linux 5.X, 96 %)".
    public var evidence: String?

    public init(ip: String, category: String?, evidence: String?) {
        self.ip = ip
        self.category = category
        self.evidence = evidence
    }

    enum CodingKeys: String, CodingKey { case ip, category, evidence }

    /// `category` is written as null when unknown, so that every guess has the key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ip, forKey: .ip)
        try container.encode(category, forKey: .category)
        try container.encodeIfPresent(evidence, forKey: .evidence)
    }
}
