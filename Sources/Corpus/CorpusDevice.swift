import NetTools

/// One labelled device of a corpus: what the corpus says it is, what it announced, and what each
/// classifier said of it.
public struct CorpusDevice: Sendable, Equatable, Codable {
    public var label: CorpusLabel
    public var announcements: DeviceAnnouncements
    public var ours: DeviceClassifier.Verdict
    public var homeNet: Verdict

    /// HomeNet's verdict as the results carry it.
    public struct Verdict: Sendable, Equatable, Codable {
        public var category: HomeNetClassifier.Category
        public var rule: String
        public var evidence: String?
    }

    enum CodingKeys: String, CodingKey {
        case label, announcements, ours
        case homeNet = "homenet"
    }

    /// Classifies `announcements` with both classifiers on the signals `hostNames` allows.
    public init(
        label: CorpusLabel,
        announcements: DeviceAnnouncements,
        hostNames: DeviceAnnouncements.HostNameSource,
        registry: OUIRegistry = .shared
    ) {
        self.label = label
        self.announcements = announcements
        let signals = announcements.signals(hostNames: hostNames, registry: registry)
        ours = DeviceClassifier.classify(signals)
        let theirs = HomeNetClassifier.classify(signals)
        homeNet = Verdict(category: theirs.category, rule: theirs.rule, evidence: theirs.evidence)
    }

    /// Ours gave a category.
    public var oursGiven: Bool { ours.category != nil }
    public var oursCorrect: Bool { ours.category == label.category }
    /// HomeNet's gave one (`unknown` is none).
    public var homeNetGiven: Bool { homeNet.category != .unknown }
    public var homeNetCorrect: Bool { homeNet.category == label.homeNet }
}
