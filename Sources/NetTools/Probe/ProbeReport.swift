import AppInputs

/// One probed device: its display name, classification and the signals behind it.
public struct ProbeReport: Sendable, Codable {
    public var ip: String
    public var name: String
    /// Ours (the fixtures' names): what is scored; nil when no rule decided or the classifier's
    /// own category has no counterpart of ours.
    public var category: String?
    /// The classifier's own category when it is not ours (HomeNet's, `HomeNetClassifier`); nil for ours.
    public var nativeCategory: String?
    public var rule: String
    public var evidence: String?
    public var signals: DeviceSignals

    enum CodingKeys: String, CodingKey {
        case ip, name, category, rule, evidence, signals
        case nativeCategory = "native_category"
    }

    /// Classifies `signals` with `classifier` and picks the display name.
    public init(signals: DeviceSignals, classifier: Strategy.Classifier = .scanbench) {
        ip = signals.ip
        name = NameNormaliser.displayName(signals)
        switch classifier {
        case .scanbench:
            let verdict = DeviceClassifier.classify(signals)
            (category, rule, evidence) = (verdict.category?.rawValue, verdict.rule, verdict.evidence)
        case .homenet:
            let verdict = HomeNetClassifier.classify(signals)
            (category, rule, evidence) = (verdict.category.scored?.rawValue, verdict.rule, verdict.evidence)
            nativeCategory = verdict.category.rawValue
        }
        self.signals = signals
    }
}
