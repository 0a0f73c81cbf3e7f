import Fixture
import Foundation
import Results
import StrictYAML
import Testbed

extension RecordedPlan.Input {
    /// A strategy as `--strategy` takes it: a preset's name, or a path (named after its file, as
    /// its runs are).
    public init(strategy argument: String) {
        self.init(name: StrategyVariant(base: argument).name, path: BuiltinDirectory.isPath(argument) ? argument : nil)
    }

    /// A platform profile as `--platform` takes it: a built-in's name, or a path (named after its file).
    public init(platform argument: String) {
        let name =
            BuiltinDirectory.isPath(argument)
            ? URL(fileURLWithPath: argument).deletingPathExtension().lastPathComponent : argument
        self.init(name: name, path: BuiltinDirectory.isPath(argument) ? argument : nil)
    }

    /// A scenario as `Scenario.parse` made it: a built-in's name, or a script's path and `name:`.
    public init(scenario: Scenario) {
        self.init(name: scenario.name, path: BuiltinDirectory.isPath(scenario.script) ? scenario.script : nil)
    }
}

/// A recorded plan made ready to run: the whole interleaved schedule (before any `--shard`), the
/// first matrix's strategies with a sweep's variants, and the grid.
public struct PlanSchedule: Sendable {
    public var plan: RunPlan
    /// The first matrix's strategies: each base, or with a sweep each base's control and variants.
    public var variants: [StrategyVariant]
    public var grid: SweepGrid
    /// What results.json records of the grid; nil without a sweep.
    public var sweep: SweepDescription?
}

extension RecordedPlan {
    /// The schedule this plan runs: the first matrix (its strategies swept when the plan has a
    /// sweep), then each of `also`, every one with the plan's repetitions — the same runs in the
    /// same order as the `scanbench run` that recorded it.
    /// - Parameter maxVariants: the most strategies a sweep may make (`--max-variants`).
    /// - Throws: `HarnessError` for a grid above `maxVariants` or a bad knob, `HarnessError` or
    ///   `YAMLInputError` for a scenario that does not load.
    public func schedule(maxVariants: Int = SweepGrid.defaultMaxVariants) throws -> PlanSchedule {
        let bases = strategies.map(\.argument)
        let grid = SweepGrid(knobs: sweep ?? [])
        let variants =
            grid.knobs.isEmpty
            ? bases.map { StrategyVariant(base: $0) } : try grid.variants(bases: bases, maxVariants: maxVariants)
        var plan = RunPlan(
            fixtures: fixtures,
            strategies: variants,
            scenarios: try scenarios.map { try Scenario.parse($0.argument) },
            repetitions: repetitions
        )
        for matrix in also {
            plan = plan.appending(
                RunPlan(
                    fixtures: matrix.fixtures,
                    strategies: matrix.strategies.map { StrategyVariant(base: $0.argument) },
                    scenarios: try matrix.scenarios.map { try Scenario.parse($0.argument) },
                    repetitions: repetitions
                )
            )
        }
        return PlanSchedule(
            plan: plan,
            variants: variants,
            grid: grid,
            sweep: grid.knobs.isEmpty ? nil : grid.description(bases: bases)
        )
    }

    /// The files this plan reads that are not there (relative paths from the current directory):
    /// one line per file, naming what it is — empty when everything can be read.
    public func missingFiles() -> [String] {
        var missing: [String] = []
        let fileManager = FileManager.default
        for matrix in matrices {
            for fixture in matrix.fixtures {
                let path = (try? FixtureLoader.resolve(fixture)) ?? fixture
                if !fileManager.fileExists(atPath: path) { missing.append("fixture \(fixture)") }
            }
            for strategy in matrix.strategies {
                if let path = strategy.path, !fileManager.fileExists(atPath: path) {
                    missing.append("strategy \(strategy.name): \(path)")
                }
            }
            for scenario in matrix.scenarios {
                if let path = scenario.path, !fileManager.fileExists(atPath: path) {
                    missing.append("scenario \(scenario.name): \(path)")
                }
            }
        }
        var seen: Set<String> = []
        return missing.filter { seen.insert($0).inserted }
    }

    /// One line for progress: "10 runs: tiny × 2 strategies × 1 scenario × 5 repetitions, seed 1".
    public func summary(runs: Int) -> String {
        // One clause per matrix, so a suite's scenarios on its first fixture are not multiplied
        // by every fixture (the counts then multiply to the runs, repetitions aside).
        let clauses = matrices.map { matrix in
            let count = matrix.strategies.count
            let scenarios =
                matrix.scenarios.count == 1 ? matrix.scenarios[0].name : "\(matrix.scenarios.count) scenarios"
            return
                "\(matrix.fixtures.joined(separator: ", ")) × \(count) strateg\(count == 1 ? "y" : "ies") × \(scenarios)"
        }
        var text = "\(runs) run\(runs == 1 ? "" : "s"): \(clauses.joined(separator: " + "))"
        if let sweep, !sweep.isEmpty { text += " (swept over \(sweep.map(\.key).joined(separator: ", ")))" }
        text += ", × \(repetitions) repetition\(repetitions == 1 ? "" : "s")"
        text += seed.map { ", seed \($0)" } ?? ", a seed per run"
        if peers { text += ", with peers" }
        if categoryProbe == nil { text += ", no category probe" }
        return text
    }
}
