import AppInputs

/// A strategy variant made ready to run, once per job: the file the app session is given
/// (`scanbench-app --strategy FILE`) and the strategy ScanKit parsed from it.
///
/// Parsing is the check that the file loads — a typo fails before any LAN comes up — and the
/// parsed value is kept so that nothing in the harness parses the file again (the app parses its
/// own copy in its own process: it is the system under test and must read what a user's file
/// says, not a value the harness hands it). There is no fallback: a file that does not parse
/// stops the job with ScanKit's error.
public struct PreparedStrategy: Sendable {
    public var variant: StrategyVariant
    /// The preset or path as resolved, or — for a sweep variant — the copy written with its override.
    public var file: String
    /// What ScanKit parsed from `file`.
    public var strategy: Strategy
    /// The platform profile the app runs on for this variant (the job's `--platform`, with the
    /// variant's `platform.` overrides); `linux` unless a job sets one.
    public var platform: PreparedPlatform = .neutral

    /// The variant's display name (results' `strategy`).
    public var name: String { variant.name }
}

extension PreparedPlatform {
    /// `linux` as it behaves: nothing added, nothing passed to the app (`ablate` and `tune`, which
    /// take no `--platform`, run on it). `scanbench run` loads the real file (`JobInputs`).
    static let neutral: PreparedPlatform = {
        let none = PlatformProfile.Parameter(value: 0, source: "none added")
        return PreparedPlatform(
            file: PlatformProfileLoader.defaultName,
            profile: PlatformProfile(
                name: PlatformProfileLoader.defaultName,
                device: "this machine",
                callbackUs: none,
                connectionSetupUs: none,
                publishUs: none,
                callbackPoolWidth: none
            )
        )
    }()
}
