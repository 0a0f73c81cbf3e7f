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
