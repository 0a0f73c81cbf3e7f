/// How `scanbench compare` pairs baseline runs with current runs.
public enum PairingMode: Sendable, Equatable {
    /// By (fixture, scenario, strategy). When that finds nothing in common and each file holds
    /// exactly one strategy, by (fixture, scenario) across the two strategies — so the results of
    /// `scanbench run --strategy A` can be held against those of `--strategy B`.
    case automatic
    /// Baseline runs of the first strategy against current runs of the second, by (fixture,
    /// scenario); the two files may be the same.
    case strategies(baseline: String, current: String)
}
