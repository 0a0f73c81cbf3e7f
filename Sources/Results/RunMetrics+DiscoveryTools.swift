extension RunMetrics {
    /// The Wake-on-LAN tool's magic packets against what the target's listener logged (docs/METRICS.md
    /// "Tools in the app").
    public struct WakeOnLANDelivery: Codable, Sendable, Equatable {
        /// The fixture's name of the device woken.
        public var target: String
        /// Every packet sent arrived byte for byte, and nothing else did.
        public var agrees = false
        public var sent = 0
        /// Packets the listener logged during the session, byte for byte as the tool sent them.
        public var received = 0
        /// Datagrams the listener logged during the session that match no packet sent.
        public var mismatched = 0
        /// The listener's receipt − the tool's send (wall clock), for the last packet received.
        public var latencyMs: Double?
        /// How long the tool's send took in the app (its last finished packet's).
        public var durationMs: Double?
        /// The first error of the session's packets (a send that failed, or one the session ended
        /// before: `did not finish before the session ended`); nil when every send completed.
        public var error: String?
        /// Why the listener's log could not be read (the target's listener did not run): the run is
        /// then neither delivered nor lost, and its agreement metric is unmeasured.
        public var referenceError: String?

        public init(target: String) { self.target = target }

        enum CodingKeys: String, CodingKey {
            case target, agrees, sent, received, mismatched, error
            case referenceError = "reference_error"
            case latencyMs = "latency_ms"
            case durationMs = "duration_ms"
        }
    }

    /// A tool's resolved services against avahi-browse's (run in the scanner namespace right after
    /// the session) and the fixture's mDNS services: counts of each, and how many the tool matched.
    /// The Bonjour browser tool is matched on (instance, type, address, port), the device-detail
    /// screen on "instance (type)"; both only over the service types the tool browsed.
    public struct ServiceAgreement: Codable, Sendable, Equatable {
        /// The same set as avahi-browse's (false when avahi-browse did not run).
        public var agrees = false
        /// The same set as the fixture's.
        public var agreesFixture = false
        /// What the tool reported.
        public var found = 0
        public var fixture = 0
        /// The tool's that the fixture has.
        public var matchedFixture = 0
        /// nil when avahi-browse did not run (or failed: `avahi_error`).
        public var avahi: Int?
        public var matchedAvahi: Int?
        public var avahiError: String?
        /// Up to 5 of each kind of difference with the fixture, for the report.
        public var onlyTool: [String] = []
        public var onlyFixture: [String] = []
        /// Up to 5 differences with avahi-browse: "+x" the tool's alone, "-x" avahi's alone.
        public var avahiDifferences: [String] = []
        /// The tool's run in the app, start to result; nil when the session ended before its result.
        public var durationMs: Double?
        /// The tool's own error (mDNS would not start, or `did not finish before the session ended`).
        public var error: String?

        public init() {}

        /// The tool gave its services but avahi-browse gave nothing to compare them with: the avahi
        /// agreement is unmeasured, neither agreement nor disagreement. A tool that failed itself
        /// (`error`) disagrees whatever avahi did.
        public var avahiFailed: Bool { avahi == nil && error == nil }

        enum CodingKeys: String, CodingKey {
            case agrees, found, fixture, avahi, error
            case agreesFixture = "agrees_fixture"
            case matchedFixture = "matched_fixture"
            case matchedAvahi = "matched_avahi"
            case avahiError = "avahi_error"
            case onlyTool = "only_tool"
            case onlyFixture = "only_fixture"
            case avahiDifferences = "avahi_differences"
            case durationMs = "duration_ms"
        }
    }
}
