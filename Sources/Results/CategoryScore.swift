/// The honest score of one set of category guesses against a fixture (docs/METRICS.md,
/// "Categories"): "unknown" is never counted right or wrong, so a classifier that guesses less
/// can be precise, and one that guesses more must be right to gain. One function for every
/// guesser — the probe after each scan, and peers (nmap `-O -sV`) mapped to our categories — so
/// that their numbers compare.
///
/// | figure | of | counts |
/// |---|---|---|
/// | `found` | the fixture's discoverable devices | those the guesser had an address for (a key of `guesses`) |
/// | `given` | `found` | those with a category (not unknown) |
/// | `right` | `given` | those whose category is the fixture's |
/// | `identifiable` | the fixture's discoverable devices | those whose own signals determine their category (`Fixture.Identifiability`) |
///
/// precision = right ÷ given, coverage = given ÷ found; `confusion` is truth × guess with
/// `unknown` (found, no category) and `not found` columns.
public struct CategoryScore: Codable, Sendable, Equatable {
    /// One fixture device: its address, category, and what the fixture says of it.
    public struct Truth: Sendable, Equatable {
        public var ip: String
        public var category: String
        public var discoverable: Bool
        public var identifiable: Bool

        public init(ip: String, category: String, discoverable: Bool, identifiable: Bool) {
            self.ip = ip
            self.category = category
            self.discoverable = discoverable
            self.identifiable = identifiable
        }
    }

    /// The confusion table's column for a found device the guesser gave no category.
    public static let unknown = "unknown"
    /// Its column for a discoverable device the guesser had no address for.
    public static let notFound = "not found"

    public var found = 0
    public var given = 0
    public var right = 0
    public var identifiable = 0
    /// Truth category → guess (a category, `unknown` or `not found`) → devices.
    public var confusion: [String: [String: Int]] = [:]

    public init() {}

    /// Scores `guesses` (IP → category, nil: unknown; an IP missing: not found) against the
    /// discoverable devices of `truth`. Guesses for addresses that are no discoverable fixture
    /// device (false positives) are not scored: they have no true category.
    public init(guesses: [String: String?], truth: [Truth]) {
        for device in truth where device.discoverable {
            if device.identifiable { identifiable += 1 }
            let column: String
            if let guess = guesses[device.ip] {
                found += 1
                if let category = guess {
                    given += 1
                    if category == device.category { right += 1 }
                    column = category
                } else {
                    column = Self.unknown
                }
            } else {
                column = Self.notFound
            }
            confusion[device.category, default: [:]][column, default: 0] += 1
        }
    }

    /// right ÷ given; nil when nothing was given a category.
    public var precision: Double? { given == 0 ? nil : Double(right) / Double(given) }
    /// given ÷ found; nil when nothing was found.
    public var coverage: Double? { found == 0 ? nil : Double(given) / Double(found) }

    enum CodingKeys: String, CodingKey { case found, given, right, identifiable, confusion }
}
