import StrictYAML

// Faults on the LAN (issue 47): events that break a device's presence for a while, each at a time
// the fixture states or drawn from the testbed's seed, and each published in the testbed's event
// log (`path-events.json`) so that a run's missed-device reasons can name it. docs/FIXTURES.md
// ("Faults") describes them.

extension Fixture {
    /// The device leaves the LAN and comes back: from a start drawn uniformly from `start_s:
    /// [min, max]` (seconds after the switch's start) for a time drawn from `away_s: [min, max]`,
    /// the switch carries nothing to or from it (as if it walked out of range or was switched off);
    /// then it is back on the same address. `[t, t]` states a fixed time.
    public struct Leave: Codable, Sendable, Equatable {
        /// What either bound of `start_s` may be (a day).
        public static let startRangeS: ClosedRange<Double> = 0...86_400
        /// What either bound of `away_s` may be (a day).
        public static let awayRangeS: ClosedRange<Double> = 0.1...86_400

        public var startS: [Double]
        public var awayS: [Double]

        public init(startS: [Double], awayS: [Double]) {
            self.startS = startS
            self.awayS = awayS
        }

        /// The window `[start, end)` in seconds after the switch's start, given two uniform draws
        /// in [0, 1).
        public func window(startDraw: Double, awayDraw: Double) -> (start: Double, end: Double) {
            let start = startS[0] + startDraw * (startS[1] - startS[0])
            let away = awayS[0] + awayDraw * (awayS[1] - awayS[0])
            return (start, start + away)
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case startS = "start_s"
            case awayS = "away_s"
        }
    }
}

extension Fixture {
    /// An mDNS storm: from a start drawn from `start_s: [min, max]` (seconds after the switch's
    /// start), for a time drawn from `duration_s: [min, max]`, the device multicasts its mDNS
    /// announcement (its address and every service it has) `per_second` times a second to
    /// 224.0.0.251:5353. RFC 6762 §6 lets a responder multicast a record at most once a second;
    /// a storm breaks that (a faulty responder, or a loop). The rate is an assumption, swept 1-1000.
    public struct MDNSStorm: Codable, Sendable, Equatable {
        public static let perSecondRange: ClosedRange<Double> = 1...1_000
        public static let durationRangeS: ClosedRange<Double> = 0.1...86_400

        public var perSecond: Double
        public var startS: [Double]
        public var durationS: [Double]

        public init(perSecond: Double, startS: [Double], durationS: [Double]) {
            self.perSecond = perSecond
            self.startS = startS
            self.durationS = durationS
        }

        /// The storm's `[start, end)` in seconds after the switch's start, given two uniform draws in [0, 1).
        public func window(startDraw: Double, durationDraw: Double) -> (start: Double, end: Double) {
            let start = startS[0] + startDraw * (startS[1] - startS[0])
            return (start, start + durationS[0] + durationDraw * (durationS[1] - durationS[0]))
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case perSecond = "per_second"
            case startS = "start_s"
            case durationS = "duration_s"
        }
    }
}
