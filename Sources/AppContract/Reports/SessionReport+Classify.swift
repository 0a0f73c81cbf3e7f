// The classify step the app ran after its session (`deep_probe: own` or `none`): what it gave and
// when it ran, for the harness to split its capture at `started_unix_s` and score the categories.

extension SessionReport {
    /// The strategy's classify step, run by the app on the last scan's devices.
    public struct Classify: Codable, Sendable, Equatable {
        /// `own` or `none` (the strategy's `classify.deep_probe`).
        public var deepProbe: String
        /// CLOCK_REALTIME seconds since the epoch when the step began (after the ~300 ms the app
        /// waits for the scan's late answers): the harness splits its capture here.
        public var startedUnixS: Double
        /// Wall-clock seconds the step took (its `classify` phase).
        public var seconds: Double
        /// Per scanned device: its category and the rule that decided (the keys of
        /// `scanbench probe --from-scan --json`).
        public var devices: [Device] = []

        /// The step's phase in the app's event log (`phase_start` / `phase_end`) and in `phases_s`.
        public static let phase = "classify"

        public init(deepProbe: String, startedUnixS: Double, seconds: Double, devices: [Device] = []) {
            (self.deepProbe, self.startedUnixS, self.seconds, self.devices) = (
                deepProbe, startedUnixS, seconds, devices
            )
        }

        enum CodingKeys: String, CodingKey {
            case seconds, devices
            case deepProbe = "deep_probe"
            case startedUnixS = "started_unix_s"
        }

        /// One device's verdict.
        public struct Device: Codable, Sendable, Equatable {
            public var ip: String
            /// nil: no rule decided.
            public var category: String?
            /// The deciding rule ("gateway", "txt-model", … "none").
            public var rule: String
            public var evidence: String?
            public var displayName: String?
            /// The classifier's own category when it is not ours (`classifier: homenet`: one of
            /// HomeNet's eleven); `category` is then its counterpart of ours, for scoring.
            public var nativeCategory: String?
            /// `probe: deep`: milliseconds of one TCP connect to the device, and the guess from it,
            /// `wired` or `wifi` (`classify.wifi_latency_ms`); nil when not measured.
            public var connectLatencyMs: Double?
            public var link: String?

            public init(ip: String, category: String?, rule: String, evidence: String?, displayName: String?) {
                (self.ip, self.category, self.rule, self.evidence, self.displayName) = (
                    ip, category, rule, evidence, displayName
                )
            }

            enum CodingKeys: String, CodingKey {
                case ip, category, link
                case rule = "category_reason"
                case evidence = "category_evidence"
                case displayName = "display_name"
                case nativeCategory = "native_category"
                case connectLatencyMs = "connect_latency_ms"
            }
        }
    }
}
