/// How `scanbench run` deep-probes and classifies the devices each scan found, after the scan
/// (docs/HARNESS.md, "Categories"): the settings of the `scanbench probe --from-scan` it runs.
/// Recorded in results.json (`environment.category_probe`) because `category_correct` depends
/// on them; nil there when the run had `--no-classify`.
public struct CategoryProbeSettings: Codable, Sendable, Equatable {
    /// How many of nmap's most frequently open TCP ports the probe's quick scan tries.
    public var topPorts: Int
    /// Seconds of the probe's shared Bonjour browse (0: none).
    public var bonjourWindowS: Double
    /// Seconds the SSDP search listens (its MX is that − 1, at least 1).
    public var ssdpWindowS: Double
    /// Seconds for each connect (HTTP requests get twice as long).
    public var timeoutS: Double

    public init(topPorts: Int, bonjourWindowS: Double, ssdpWindowS: Double, timeoutS: Double) {
        self.topPorts = topPorts
        self.bonjourWindowS = bonjourWindowS
        self.ssdpWindowS = ssdpWindowS
        self.timeoutS = timeoutS
    }

    /// What `scanbench run` uses unless told otherwise: chosen to add a few seconds per run
    /// (docs/HARNESS.md measures the cost and the accuracy against `scan --probe`'s defaults).
    public static let harnessDefault = CategoryProbeSettings(
        topPorts: 40,
        bonjourWindowS: 1.5,
        ssdpWindowS: 1.5,
        timeoutS: 1
    )

    /// `scanbench scan --probe`'s defaults: nmap's `-F` (100 ports), a 12 s browse, MX 3 (4 s), 1.5 s.
    public static let scanProbeDefault = CategoryProbeSettings(
        topPorts: 100,
        bonjourWindowS: 12,
        ssdpWindowS: 4,
        timeoutS: 1.5
    )

    /// The valid values of each setting, as every command's `--help` and `check` say them: the one
    /// statement of the ranges (a strategy's `classify` section states the same in milliseconds).
    public enum Range {
        public static let topPorts = "0-65535"
        public static let bonjourWindow = "0-120 s"
        public static let ssdpWindow = "0 or 1-6 s"
        public static let timeout = "above 0 and at most 30 s"
    }

    /// What is out of range, naming the option (`prefix` + `top-ports`, …) and its range (`Range`);
    /// nil when every value is in range. `run`, `ablate`, `scan --probe` and `probe` all check with it.
    public func check(prefix: String) -> String? {
        if !(0...65535).contains(topPorts) { return "\(prefix)top-ports must be \(Range.topPorts)" }
        if !(0...120).contains(bonjourWindowS) { return "\(prefix)bonjour-window must be \(Range.bonjourWindow)" }
        if !(ssdpWindowS == 0 || (1...6).contains(ssdpWindowS)) {
            return "\(prefix)ssdp-window must be \(Range.ssdpWindow)"
        }
        if !(timeoutS > 0 && timeoutS <= 30) { return "\(prefix)timeout must be \(Range.timeout)" }
        return nil
    }

    enum CodingKeys: String, CodingKey {
        case topPorts = "top_ports"
        case bonjourWindowS = "bonjour_window_s"
        case ssdpWindowS = "ssdp_window_s"
        case timeoutS = "timeout_s"
    }
}
