/// Cliff's delta: how often values of one sample exceed values of another, minus the reverse,
/// over all pairs. −1…1; 0 means the samples overlap completely.
///
/// The conventional reading (Romano et al., 2006): |δ| < 0.147 negligible, < 0.33 small,
/// < 0.474 medium, otherwise large. `scanbench compare` asks for a large effect by default.
public enum CliffsDelta {
    /// The smallest |δ| called "large": the two samples barely overlap. `compare`'s default minimum
    /// effect and the ablation's materiality use it.
    public static let large = 0.474

    /// δ of `current` against `baseline`: positive when current values tend to be larger.
    /// Nil when either sample is empty.
    public static func of(_ current: [Double], against baseline: [Double]) -> Double? {
        guard !current.isEmpty, !baseline.isEmpty else { return nil }
        var greater = 0
        var less = 0
        for x in current {
            for y in baseline {
                if x > y { greater += 1 } else if x < y { less += 1 }
            }
        }
        return Double(greater - less) / Double(current.count * baseline.count)
    }

    /// The conventional word for the size of δ.
    public static func magnitude(_ delta: Double) -> String {
        switch abs(delta) {
        case ..<0.147: "negligible"
        case ..<0.33: "small"
        case ..<large: "medium"
        default: "large"
        }
    }
}
