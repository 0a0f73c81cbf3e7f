/// The outcome of `scanbench compare`, as a value: what CI acts on.
public enum Verdict: String, Sendable, Equatable {
    /// Nothing gated got worse, nothing got better beyond its allowance, nothing is missing.
    case noRegression
    /// Nothing gated got worse, nothing is missing, and at least one metric got better beyond its allowance.
    case improved
    /// At least one gated metric got worse beyond its allowance (or more runs failed).
    case regression
    /// Nothing could be judged in full: no pair with a successful run on both sides, too few
    /// draws, or a gap the comparison names (`Comparison.gaps`).
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

    /// The command's exit status.
    public var exitStatus: CompareExitStatus {
        switch self {
        case .noRegression: .pass
        case .improved: .improved
        case .regression: .regressed
        case .insufficientData: .inconclusive
        }
    }

    /// `exitStatus` as the number the process exits with.
    public var exitCode: Int32 { exitStatus.rawValue }
}
