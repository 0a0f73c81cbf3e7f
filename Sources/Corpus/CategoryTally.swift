/// One category's figures on a corpus for one classifier: devices the corpus puts in it, those the
/// classifier gave any category, those it gave this one; precision = correct / given, coverage =
/// given / devices (nil when the denominator is 0).
public struct CategoryTally: Sendable, Equatable, Codable {
    public var category: String
    public var devices = 0
    public var given = 0
    public var correct = 0

    public init(category: String) { self.category = category }

    public var precision: Double? { given == 0 ? nil : Double(correct) / Double(given) }
    public var coverage: Double? { devices == 0 ? nil : Double(given) / Double(devices) }

    enum CodingKeys: String, CodingKey {
        case category, devices, given, correct, precision, coverage
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(category, forKey: .category)
        try container.encode(devices, forKey: .devices)
        try container.encode(given, forKey: .given)
        try container.encode(correct, forKey: .correct)
        try container.encode(precision, forKey: .precision)
        try container.encode(coverage, forKey: .coverage)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        category = try container.decode(String.self, forKey: .category)
        devices = try container.decode(Int.self, forKey: .devices)
        given = try container.decode(Int.self, forKey: .given)
        correct = try container.decode(Int.self, forKey: .correct)
    }

    /// Per labelled category, in first-seen order, then the total row `all`.
    /// - Parameters:
    ///   - label: the device's category by the corpus.
    ///   - given: the classifier gave a category.
    ///   - correct: it gave the label's.
    public static func tally(
        _ devices: [CorpusDevice],
        label: (CorpusDevice) -> String,
        given: (CorpusDevice) -> Bool,
        correct: (CorpusDevice) -> Bool
    ) -> [CategoryTally] {
        tally(devices.map { (label($0), given($0), correct($0)) })
    }

    /// Per category, in first-seen order, then `all`, from one (category, given, correct) per device.
    static func tally(_ verdicts: [(category: String, given: Bool, correct: Bool)]) -> [CategoryTally] {
        var rows: [CategoryTally] = []
        var total = CategoryTally(category: "all")
        for verdict in verdicts {
            if !rows.contains(where: { $0.category == verdict.category }) {
                rows.append(CategoryTally(category: verdict.category))
            }
            let index = rows.firstIndex { $0.category == verdict.category }!
            rows[index].count(given: verdict.given, correct: verdict.correct)
            total.count(given: verdict.given, correct: verdict.correct)
        }
        return rows + [total]
    }

    /// Adds one device.
    mutating func count(given isGiven: Bool, correct isCorrect: Bool) {
        devices += 1
        if isGiven { given += 1 }
        if isCorrect { correct += 1 }
    }
}
