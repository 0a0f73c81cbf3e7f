/// Every exit status of `scanbench run`, in one place: `scanbench gate` acts on them.
enum RunExitStatus: Int32, CaseIterable {
    /// Every run ended ok; results.json and report.md are written.
    case ok = 0
    /// results.json and report.md are written, and some runs failed (the report names them).
    case someRunsFailed = 1
    /// Nothing ran: an input or option that cannot be used (file, line and fix on stderr).
    case inputError = 2

    /// One line for `--help` and the docs.
    var meaning: String {
        switch self {
        case .ok: "every run ended ok"
        case .someRunsFailed: "results written, some runs failed (counted in results.json)"
        case .inputError: "nothing ran: an input or option that cannot be used"
        }
    }
}
