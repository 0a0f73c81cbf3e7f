/// The outcome of `scanbench compare`, as a value: what CI acts on.
public enum Verdict: String, Sendable, Equatable {
    /// Nothing gated got worse, nothing got better beyond its allowance.
    case noRegression
    /// Nothing gated got worse and at least one metric got better beyond its allowance.
    case improved
    /// At least one gated metric got worse beyond its allowance (or more runs failed).
    case regression
    /// No pair had a successful run on both sides; nothing could be judged.
    case insufficientData

    /// A stable word for logs and summaries.
    public var keyword: String {
        switch self {
        case .noRegression: "PASS"
        case .improved: "IMPROVED"
        case .regression: "REGRESSED"
        case .insufficientData: "INCONCLUSIVE"
        }
    }

    /// The command's exit status: 0 no regression (or improved), 1 regression, 2 when nothing
    /// could be judged (the same status as unusable input).
    public var exitCode: Int32 {
        switch self {
        case .noRegression, .improved: 0
        case .regression: 1
        case .insufficientData: 2
        }
    }
}
