import StrictYAML

// Wi-Fi as it is: a station's power save (unicast buffered at the AP until it wakes), deep sleep
// (nothing answered for seconds), and the scanner's own path events (roam, loss of association,
// congestion). The switch plays the AP; docs/FIXTURES.md ("Wi-Fi") gives every default's source.

extension Fixture {
    /// 802.11 power save of a station: the AP (the switch) buffers unicast frames for a dozing
    /// station and delivers them when it next wakes for a beacon, every `listen_interval` beacons;
    /// after a frame in either direction the station stays awake `awake_ms`.
    public struct PowerSave: Codable, Sendable, Equatable {
        /// 100 TU of 1024 µs: hostapd's default `beacon_int` (IEEE 802.11 TU).
        public static let defaultBeaconIntervalMs = 102.4
        /// mac80211's dynamic power-save timeout (`ieee80211_recalc_ps`, `timeout = 100`).
        public static let defaultAwakeMs = 100.0
        public static let beaconIntervalRangeMs: ClosedRange<Double> = 1...1_000
        public static let listenIntervalRange: ClosedRange<Int> = 1...20
        public static let awakeRangeMs: ClosedRange<Double> = 0...10_000

        /// Beacons between the station's wake-ups (its listen interval, or the DTIM period for a
        /// station that wakes for every DTIM beacon). Default 1.
        public var listenInterval: Int?
        /// Default 102.4 ms.
        public var beaconIntervalMs: Double?
        /// How long the station stays awake after its last frame (power-save timeout). Default 100 ms.
        public var awakeMs: Double?

        public init(listenInterval: Int? = nil, beaconIntervalMs: Double? = nil, awakeMs: Double? = nil) {
            self.listenInterval = listenInterval
            self.beaconIntervalMs = beaconIntervalMs
            self.awakeMs = awakeMs
        }

        public var beacons: Int { listenInterval ?? 1 }
        public var beaconMs: Double { beaconIntervalMs ?? Self.defaultBeaconIntervalMs }
        public var timeoutMs: Double { awakeMs ?? Self.defaultAwakeMs }
        /// The time between two wake-ups: the longest a buffered frame waits.
        public var listenPeriodMs: Double { Double(beacons) * beaconMs }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case listenInterval = "listen_interval"
            case beaconIntervalMs = "beacon_interval_ms"
            case awakeMs = "awake_ms"
        }
    }

    /// A device that sleeps deeply (radio off or associated but silent): for `sleep_s` of every
    /// `sleep_s + awake_s` it answers nothing and sends nothing; frames to it are dropped.
    public struct DeepSleep: Codable, Sendable, Equatable {
        public static let sleepRangeS: ClosedRange<Double> = 0.1...3_600
        public static let awakeRangeS: ClosedRange<Double> = 0.1...3_600

        public var sleepS: Double
        public var awakeS: Double
        /// Where in its cycle (seconds after a sleep began) the device is when the testbed comes
        /// up; default drawn from the testbed's seed.
        public var phaseS: Double?

        public init(sleepS: Double, awakeS: Double, phaseS: Double? = nil) {
            self.sleepS = sleepS
            self.awakeS = awakeS
            self.phaseS = phaseS
        }

        public var periodS: Double { sleepS + awakeS }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case sleepS = "sleep_s"
            case awakeS = "awake_s"
            case phaseS = "phase_s"
        }
    }

    /// The scanner's own Wi-Fi: events on its path to the AP, each a Poisson process (seeded by
    /// the testbed's seed) counted from the moment the testbed's switch starts.
    public struct ScannerWiFi: Codable, Sendable, Equatable {
        /// A roam to another AP of the same network: frames to and from the scanner lost for the gap.
        public var roam: PathGap?
        /// A brief loss of association (and the rejoin): frames lost for a longer gap.
        public var associationLoss: PathGap?
        /// Congestion bursts: extra delay, jitter and loss on the scanner's frames for a while.
        public var congestion: Congestion?

        public init(roam: PathGap? = nil, associationLoss: PathGap? = nil, congestion: Congestion? = nil) {
            self.roam = roam
            self.associationLoss = associationLoss
            self.congestion = congestion
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case roam, congestion
            case associationLoss = "association_loss"
        }
    }

    /// Events at `per_hour` on average during which the scanner's link carries nothing; each
    /// lasts a time drawn uniformly from `gap_ms: [min, max]`. `link_down` says whether the
    /// scanner's own interface loses carrier for the gap (the path change its OS sees); `at_s`
    /// adds gaps that start at fixed times, for tests and demonstrations.
    public struct PathGap: Codable, Sendable, Equatable {
        public static let perHourRange: ClosedRange<Double> = 0...36_000
        public static let gapRangeMs: ClosedRange<Double> = 0...600_000
        public static let atRangeS: ClosedRange<Double> = 0...86_400

        public var perHour: Double
        public var gapMs: [Double]
        /// True: the scanner's interface loses carrier for the gap (NO-CARRIER; rtnetlink announces
        /// it). Default: true for an association loss (the station is not associated, so its
        /// interface has no link), false for a roam (an assumption: a same-ESS roam keeps the
        /// interface associated and its address; docs/FIXTURES.md, "Scanner wifi").
        public var linkDown: Bool?
        /// Seconds after the switch's start at which a gap starts besides the drawn ones (each
        /// lasting a draw from `gap_ms`).
        public var atS: [Double]?

        public init(perHour: Double, gapMs: [Double], linkDown: Bool? = nil, atS: [Double]? = nil) {
            self.perHour = perHour
            self.gapMs = gapMs
            self.linkDown = linkDown
            self.atS = atS
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case perHour = "per_hour"
            case gapMs = "gap_ms"
            case linkDown = "link_down"
            case atS = "at_s"
        }
    }

    /// Bursts at `per_hour` on average, each lasting a time drawn from `duration_ms: [min, max]`,
    /// during which every frame to or from the scanner is held `delay_ms ± jitter_ms` more (order
    /// kept) and lost with `loss_percent`.
    public struct Congestion: Codable, Sendable, Equatable {
        public var perHour: Double
        public var durationMs: [Double]
        public var delayMs: Double?
        public var jitterMs: Double?
        public var lossPercent: Double?

        public init(
            perHour: Double,
            durationMs: [Double],
            delayMs: Double? = nil,
            jitterMs: Double? = nil,
            lossPercent: Double? = nil
        ) {
            self.perHour = perHour
            self.durationMs = durationMs
            self.delayMs = delayMs
            self.jitterMs = jitterMs
            self.lossPercent = lossPercent
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case perHour = "per_hour"
            case durationMs = "duration_ms"
            case delayMs = "delay_ms"
            case jitterMs = "jitter_ms"
            case lossPercent = "loss_percent"
        }
    }
}
