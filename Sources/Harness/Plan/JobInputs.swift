import Fixture
import Foundation
import Testbed
import AppInputs

/// What a job reads before its first run, each once: every strategy variant of the plan made
/// ready (`PreparedStrategy`) and every fixture resolved and loaded. A bad input fails here,
/// before any LAN comes up; the runs then only look things up.
struct JobInputs: Sendable {
    /// One fixture of the plan, loaded.
    struct FixtureInput: Sendable {
        var name: String
        /// The file `scanbench testbed up` is given.
        var path: String
        var fixture: Fixture
    }

    /// By variant name (`RunPlan.Entry.strategy.name`).
    var strategies: [String: PreparedStrategy]
    /// In the plan's first-use order.
    var fixtures: [FixtureInput]
    /// The job's platform profile (`--platform`), before any variant's `platform.` overrides.
    var platform: PreparedPlatform

    /// Prepares `plan`'s strategies (sweep variants are written to `OUT/strategies/`) and loads its fixtures.
    /// - Throws: `HarnessError` or `YAMLInputError` naming the input that does not load.
    static func prepare(
        _ plan: RunPlan,
        outputDirectory: String,
        platform: String = PlatformProfileLoader.defaultName
    ) throws -> JobInputs {
        let directory = "\(outputDirectory)/strategies"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let basePlatform = try PreparedPlatform.prepare(
            base: platform,
            overrides: [],
            name: platform,
            in: "\(outputDirectory)/platforms"
        )
        var strategies: [String: PreparedStrategy] = [:]
        for entry in plan.entries where strategies[entry.strategy.name] == nil {
            var prepared = try entry.strategy.prepare(in: directory)
            let overrides = entry.strategy.platformOverrides
            prepared.platform =
                overrides.isEmpty
                ? basePlatform
                : try PreparedPlatform.prepare(
                    base: platform,
                    overrides: overrides,
                    name: entry.strategy.name,
                    in: "\(outputDirectory)/platforms"
                )
            strategies[entry.strategy.name] = prepared
        }
        let fixtures = try plan.fixtures.map { name in
            let path = try FixtureLoader.resolve(name)
            return FixtureInput(name: name, path: path, fixture: try FixtureLoader.load(path))
        }
        return JobInputs(strategies: strategies, fixtures: fixtures, platform: basePlatform)
    }

    /// Input files by name, for the environment's hashes.
    var strategyFiles: [String: String] { strategies.mapValues(\.file) }
    var fixtureFiles: [String: String] { Dictionary(uniqueKeysWithValues: fixtures.map { ($0.name, $0.path) }) }
}
