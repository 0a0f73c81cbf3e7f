/// Something the baseline had that the comparison could not judge, or a reason its numbers do
/// not compare: each is named in the verdict and keeps it from PASS or IMPROVED (INCONCLUSIVE,
/// or REGRESSED when something else regressed). LANs that differ void the comparison outright.
public enum VerdictGap: Sendable, Equatable {
    /// A fixture's file differs between the two sides: the LANs differ.
    case fixtureDiffers(fixture: String, baseline: String, current: String)
    /// The platform profile's file differs between the two sides.
    case platformDiffers(platform: String, baseline: String, current: String)
    /// A baseline cell with successful runs of which the current side ran none.
    case missingCell(title: String, baselineRuns: Int)
    /// Seeds of a cell the baseline ran successfully and the current side did not run at all.
    case missingDraws(title: String, seeds: [UInt64])
    /// A gated metric the baseline measured on draws on which the current side measured nothing.
    case unmeasured(strategy: String, metric: String, draws: Int)
    /// A flag (REGRESSED or IMPROVED) the confirmation rerun could not settle: its runs failed,
    /// or it had fewer draws than the flagged test.
    case unsettled(strategy: String, metric: String, flag: String, why: String)

    /// Whether the two sides ran different LANs, so no number of one compares with the other's.
    public var voidsComparison: Bool {
        switch self {
        case .fixtureDiffers, .platformDiffers: true
        default: false
        }
    }

    /// snake_case, for `--json`.
    public var kind: String {
        switch self {
        case .fixtureDiffers: "fixture_differs"
        case .platformDiffers: "platform_differs"
        case .missingCell: "missing_cell"
        case .missingDraws: "missing_draws"
        case .unmeasured: "unmeasured"
        case .unsettled: "unsettled"
        }
    }

    /// One sentence naming what is missing or different.
    public var text: String {
        switch self {
        case .fixtureDiffers(let fixture, let b, let c):
            "fixture \(fixture) differs between the two sides (sha256 \(b.prefix(12))… vs \(c.prefix(12))…): the LANs differ, numbers are not comparable"
        case .platformDiffers(let platform, let b, let c):
            "platform profile \(platform) differs between the two sides (sha256 \(b.prefix(12))… vs \(c.prefix(12))…): the app ran on another platform, numbers are not comparable"
        case .missingCell(let title, let runs):
            "\(title): \(runs) successful \(runs == 1 ? "run" : "runs") in the baseline, none in the current file"
        case .missingDraws(let title, let seeds):
            "\(title): seed \(seeds.map(String.init).joined(separator: ", ")) ran in the baseline, not in the current file"
        case .unmeasured(let strategy, let metric, let draws):
            "\(strategy): \(metric) measured by the baseline on \(draws) \(draws == 1 ? "draw" : "draws") the current side did not measure"
        case .unsettled(let strategy, let metric, let flag, let why):
            "\(strategy): \(metric) \(flag) on the first runs, and the rerun \(why): neither confirmed nor cleared"
        }
    }
}
