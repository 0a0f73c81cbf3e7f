/// One probed device: its display name, classification and the signals behind it.
public struct ProbeReport: Sendable, Codable {
    public var ip: String
    public var name: String
    public var category: String?
    public var rule: String
    public var evidence: String?
    public var signals: DeviceSignals

    /// Classifies `signals` and picks the display name.
    public init(signals: DeviceSignals) {
        let verdict = DeviceClassifier.classify(signals)
        ip = signals.ip
        name = NameNormaliser.displayName(signals)
        category = verdict.category?.rawValue
        rule = verdict.rule
        evidence = verdict.evidence
        self.signals = signals
    }
}
