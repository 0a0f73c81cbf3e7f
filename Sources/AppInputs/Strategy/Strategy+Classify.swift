import AppContract

extension Strategy {
    /// How the app puts a category on each device it found, after the scan: whether it deep-probes
    /// at all, whether it reuses what the scan learned, and the probe's ports, windows, timeout and
    /// width. The harness runs it after the scan (`scanbench probe --from-scan`, blind to the
    /// fixture) and measures its cost on the wire of its own capture (docs/STRATEGIES.md, "classify").
    ///
    /// `Classify()` is NetMonitor's: no deep probe at all — "No dedicated deep probing exists …
    /// Identification relies on Bonjour types, open ports, host names and MAC vendor" (spec §5.8) —
    /// and no gateway flag ("the scan never sets the gateway flag on discovered devices", §5.8).
    public struct Classify: KnobSection, Equatable {
        /// Whether and how the app deep-probes the devices its scan found.
        public var deepProbe: DeepProbe = .none
        /// Use what the scan already learned: the Bonjour services its phase resolved to each
        /// device join the device's signals, and an `own` probe skips every TCP port the scan
        /// already tried on that device (its open ones are in the scan's report already).
        public var reuseScan = true
        /// Mark the default gateway as such (the routing table's; no packet). NetMonitor's scan
        /// never does (§5.8); HomeNet classifies "Is Gateway?" first (seed 002:128-129).
        public var gatewayFlag = false
        /// `own`: how many of nmap's most frequently open TCP ports the probe tries (0: none).
        public var topPorts = 40
        /// `own`: further TCP ports the probe tries by name (HomeNet's list, seed 002:114-120).
        public var ports: [Int] = []
        /// `own`: milliseconds of the probe's own Bonjour browse, which hears TXT records (0: none).
        public var bonjourWindowMs = 1500
        /// `own`: milliseconds the probe's SSDP search listens (0: none; else 1000-6000, MX that − 1 s).
        public var ssdpWindowMs = 1500
        /// `own`: per-connect timeout (HTTP requests get twice as long).
        public var timeoutMs = 1000
        /// `own`: devices probed at once.
        public var hostConcurrency = 1024
        /// `own`: what the probe asks each device (`connect`: only what can change our classifier's
        /// verdict; `deep`: HomeNet's whole probe, seed 002:113-121).
        public var probe: ClassifyProbe = .connect
        /// Which classifier puts the category on each device (ours, or HomeNet's order and its
        /// eleven categories, seed 002:125-162, mapped to ours for scoring).
        public var classifier: Classifier = .scanbench
        /// `deep`: a device whose TCP connect took at least this many milliseconds is guessed to be
        /// on Wi-Fi, below it wired (seed 002:120 "TCP Latency — Wired vs WiFi inference" names no
        /// threshold: an assumption, swept 1-10 ms).
        public var wifiLatencyMs = 3

        /// The section's knobs, declared once (`Knob`): key, range and unit, what `tune` may try.
        static let knobs: [Knob<Classify>] = [
            Knob(
                "deep_probe",
                \.deepProbe,
                doc: """
                    `none`: send nothing, classify from the scan's report and findings (NetMonitor, NetDiag+); `own`: the probe the keys \
                    below describe, after the scan (HomeNet, 002:113); `harness`: the job's probe (`scanbench run --classify-*`), the same \
                    for every strategy — what every strategy got before this section existed
                    """
            ),
            Knob(
                "reuse_scan",
                \.reuseScan,
                doc: """
                    hand the step what the scan's event log recorded (`ScanFindings`): the Bonjour services its phase resolved to each \
                    device join the device's signals, and an `own` probe skips every TCP port the scan already tried there (the scan's \
                    connects only: a port only a session tool such as the port scanner touched is still probed) (its open ones are in the \
                    report; follow-ups such as AirPlay `/info` still use them). TXT comes only from an mDNS resolve \
                    (`service_resolved.txt`; a TCP-connect resolve hears none), so after one the probe needs its own browse for TXT
                    """
            ),
            Knob(
                "gateway_flag",
                \.gatewayFlag,
                doc: """
                    mark the default gateway (routing table; no packet). NetMonitor's scan never does (§5.8); HomeNet classifies "Is \
                    Gateway?" first (002:128)
                    """
            ),
            Knob(
                "top_ports",
                \.topPorts,
                0...65535,
                "of nmap's most frequently open ports (0 = none)",
                doc: "`own`: nmap's N most frequently open TCP ports (0: none)"
            ),
            Knob("ports", \.ports, doc: "`own`: more TCP ports by number (HomeNet's list, 002:114-120)"),
            Knob(
                "bonjour_window_ms",
                \.bonjourWindowMs,
                0...120_000,
                "milliseconds (0 = no browse)",
                doc: "`own`: the probe's own browse, which hears TXT (0: none)"
            ),
            Knob(
                "ssdp_window_ms",
                \.ssdpWindowMs,  // 0, or 1000-6000: checked in StrategyValidator
                doc: "`own`: the probe's SSDP search, MX = window − 1 s (0: none; else 1000-6000)"
            ),
            Knob("timeout_ms", \.timeoutMs, 1...30_000, "milliseconds", doc: "`own`: per connect (HTTP twice that)"),
            Knob(
                "host_concurrency",
                \.hostConcurrency,
                1...1024,
                "devices",
                doc: "`own`: devices probed at once (HomeNet: 4, 002:123)"
            ),
            Knob(
                "probe",
                \.probe,
                doc: """
                    `own`: `connect`: connects and only the fetches that can change our classifier's verdict; `deep`: HomeNet's \
                    probe (002:113-121): `GET /` on open web ports (`Server`, `<title>`), SSH/FTP/SMTP banners, RTSP `OPTIONS`, \
                    UPnP description at the SSDP `LOCATION` or `/description.xml`, `/rootDesc.xml`, AirPlay `/info`, Cast \
                    `eureka_info`, and one timed TCP connect for the wired/Wi-Fi guess
                    """
            ),
            Knob(
                "classifier",
                \.classifier,
                doc: """
                    `scanbench`: ours (docs/STRATEGIES.md, "classify"); `homenet`: HomeNet's order (gateway → TXT model → service \
                    type → probes → host name → ports, 002:127-140) and its eleven categories (002:151-162), mapped to ours for scoring
                    """
            ),
            Knob(
                "wifi_latency_ms",
                \.wifiLatencyMs,
                1...1000,
                "milliseconds",
                doc: """
                    `deep`: a TCP connect at least this slow guesses Wi-Fi, a faster one wired (002:120 names no threshold: \
                    assumption, sweep 1-10)
                    """
            ),
        ]
        /// The section's keys, as a strategy file spells them.
        public static let keys = knobs.map(\.key)

        public init() {}
        public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }
    }

    /// What the app's own probe asks each device (`classify.probe`).
    public enum ClassifyProbe: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Connects, and only the fetches that can change our classifier's verdict.
        case connect
        /// HomeNet's deep probe (seed 002:113-121): web pages, banners, UPnP, AirPlay, Cast, latency.
        case deep
    }

    /// Which classifier the app runs on the probed devices (`classify.classifier`).
    public enum Classifier: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// Ours (`DeviceClassifier`).
        case scanbench
        /// HomeNet's (`HomeNetClassifier`, seed 002:125-162).
        case homenet
    }

    /// Whether the app deep-probes after its scan.
    public enum DeepProbe: String, Sendable, Codable, CaseIterable, StrategyChoice {
        /// No probe: the category comes from the scan's own findings (NetMonitor, spec §5.8).
        case none
        /// The probe `classify` describes (ports, windows, timeout, width), after the scan.
        case own
        /// The harness's probe, the same for every strategy (`scanbench run --classify-*`): what every
        /// strategy got before strategies had a `classify` section; for comparing with old results.
        case harness
    }
}
