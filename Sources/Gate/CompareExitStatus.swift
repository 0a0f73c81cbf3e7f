/// Every exit status of `scanbench compare`, `scanbench baseline check` and `scanbench gate`,
/// in one place: what CI acts on. docs/REPORTS.md#exit-status has the table.
public enum CompareExitStatus: Int32, Sendable, CaseIterable {
    /// PASS: enough draws to see a change, none stood out, and nothing the baseline had is missing.
    case pass = 0
    /// REGRESSED: a gated metric got worse on more draws than chance allows, or a cell lost a
    /// larger share of its runs.
    case regressed = 1
    /// The inputs cannot be used: a missing or unreadable file, a wrong schema, a bad thresholds
    /// file or option, two files with nothing in common, a baseline without its inputs manifest.
    case inputError = 2
    /// INCONCLUSIVE: nothing could be judged in full — too few draws, a baseline cell or draw the
    /// current side did not run, a gated metric it no longer measured, a flag a short rerun could
    /// not settle, LANs (fixture or platform files) that differ, or a stale baseline.
    case inconclusive = 3
    /// IMPROVED: a gated metric got better beyond chance, none worse, and nothing is missing.
    case improved = 4
    /// `scanbench gate` only: a step failed before there was a verdict (the build, a shard's
    /// `scanbench run`, merge, report, the confirmation rerun). `compare` never exits with it.
    case stepFailed = 5

    /// One line for `--help` and the docs' table.
    public var meaning: String {
        switch self {
        case .pass: "PASS: no gated metric moved beyond chance and every baseline cell, draw and metric was judged"
        case .regressed:
            "REGRESSED: a gated metric got worse on more draws than chance allows, or a cell lost more of its runs"
        case .inputError:
            "input error: a file or option that cannot be used (missing, unreadable, wrong schema, nothing in common, no inputs manifest)"
        case .inconclusive:
            "INCONCLUSIVE: too few draws, a baseline cell, draw or metric missing on the current side, a flag a short rerun could not settle, LANs that differ, or a stale baseline"
        case .improved: "IMPROVED: a gated metric got better beyond chance, none worse, nothing missing"
        case .stepFailed: "scanbench gate only: a step failed before a verdict (build, run, merge, report, rerun)"
        }
    }
}
