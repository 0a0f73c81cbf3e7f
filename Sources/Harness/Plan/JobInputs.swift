import Foundation
import Testbed

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

    /// Prepares `plan`'s strategies (sweep variants are written to `OUT/strategies/`) and loads its fixtures.
    /// - Throws: `HarnessError` or `YAMLInputError` naming the input that does not load.
    static func prepare(_ plan: RunPlan, outputDirectory: String) throws -> JobInputs {
        let directory = "\(outputDirectory)/strategies"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var strategies: [String: PreparedStrategy] = [:]
        for entry in plan.entries where strategies[entry.strategy.name] == nil {
            strategies[entry.strategy.name] = try entry.strategy.prepare(in: directory)
        }
        let fixtures = try plan.fixtures.map { name in
            let path = try FixtureLoader.resolve(name)
            return FixtureInput(name: name, path: path, fixture: try FixtureLoader.load(path))
        }
        return JobInputs(strategies: strategies, fixtures: fixtures)
    }

    /// Input files by name, for the environment's hashes.
    var strategyFiles: [String: String] { strategies.mapValues(\.file) }
    var fixtureFiles: [String: String] { Dictionary(uniqueKeysWithValues: fixtures.map { ($0.name, $0.path) }) }
}
