import Fixture
import Foundation
import StrictYAML
import AppInputs

/// A named set of fixtures to judge strategies on together (`fixtures/suites/NAME.yaml`), so a
/// verdict rests on LANs a strategy was not tuned for. `scanbench run --suite NAME` runs every
/// strategy on every fixture; the report adds per-fixture sections and a suite summary.
///
/// ```yaml
/// name: default
/// description: home, office and five generated LANs
/// fixtures: [home, office, gen-home-25]
/// strategies: [netmonitor-2.0, scanbench-best]   # optional: default the seven presets
/// repeat: 1                                      # optional: default run's --repeat
/// scenarios: [ping-during-scan, adr-016]         # optional: see `scenarios`
/// ```
public struct Suite: Codable, Sendable, Equatable {
    public var name: String
    public var description: String?
    /// Fixture names or paths, in run order.
    public var fixtures: [String]
    /// Strategy presets or paths; nil: the caller's default.
    public var strategies: [String]?
    /// Repetitions of each strategy on each fixture; nil: the caller's default.
    public var `repeat`: Int?
    /// Session scenarios (built-in names or script paths) run on the first fixture under the
    /// suite's strategies, besides the scan on every fixture; nil: `scanbench run`'s default (the
    /// review's ping and port-scan scenarios under its four strategies).
    public var scenarios: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, fixtures, strategies, `repeat`, scenarios
    }

    public static let schemaDocument = "docs/HARNESS.md#suites"

    /// Loads and checks a suite: every fixture and strategy must load.
    /// - Parameter nameOrPath: a built-in suite name (`fixtures/suites/NAME.yaml`) or a path.
    /// - Throws: `YAMLInputError` naming the file, line and fix.
    public static func load(_ nameOrPath: String) throws -> Suite {
        let file = try resolve(nameOrPath)
        let decoder = StrictYAMLDecoder(
            knownKeys: Set(CodingKeys.allCases.map(\.stringValue)),
            schemaDocument: schemaDocument
        )
        let (suite, document) = try decoder.decode(Suite.self, fromFile: file)
        try suite.validate(document)
        return suite
    }

    /// Turns a built-in name into a path; paths pass through.
    public static func resolve(_ nameOrPath: String) throws -> String {
        try BuiltinDirectory.resolve(nameOrPath, in: BuiltinDirectory.locate("fixtures/suites"), kind: "suite")
    }

    public static func builtinNames() -> [String] {
        BuiltinDirectory.yamlNames(in: BuiltinDirectory.locate("fixtures/suites"))
    }

    private func validate(_ document: YAMLDocument) throws {
        guard !fixtures.isEmpty else {
            throw document.error(
                at: ["fixtures"],
                "a suite needs at least one fixture",
                fix: "list fixture names or paths, e.g. [home, office]"
            )
        }
        for (index, fixture) in fixtures.enumerated() {
            if let first = fixtures.firstIndex(of: fixture), first != index {
                throw document.error(
                    at: ["fixtures", .index(index)],
                    "fixture '\(fixture)' is listed twice (also fixtures[\(first)])",
                    fix: "list each fixture once; use repeat: for more runs"
                )
            }
            do { _ = try FixtureLoader.load(fixture) } catch {
                throw Self.nested(error, at: ["fixtures", .index(index)], in: document, what: "fixture '\(fixture)'")
            }
        }
        for (index, strategy) in (strategies ?? []).enumerated() {
            do { _ = try StrategyLoader.load(strategy) } catch {
                throw Self.nested(
                    error,
                    at: ["strategies", .index(index)],
                    in: document,
                    what: "strategy '\(strategy)'"
                )
            }
        }
        for (index, scenario) in (scenarios ?? []).enumerated() {
            do { _ = try Scenario.parse(scenario) } catch {
                throw Self.nested(
                    error,
                    at: ["scenarios", .index(index)],
                    in: document,
                    what: "scenario '\(scenario)'"
                )
            }
        }
        if let count = `repeat`, count < 1 {
            throw document.error(
                at: ["repeat"],
                "repeat must be at least 1, not \(count)",
                fix: "write repeat: 1 or more, or leave it out"
            )
        }
    }

    /// A fixture's or strategy's own error, placed at the suite line that names it; the inner
    /// file's place is kept in the message when it is another file.
    private static func nested(
        _ error: any Error,
        at path: YAMLPath,
        in document: YAMLDocument,
        what: String
    ) -> YAMLInputError {
        guard let inner = error as? YAMLInputError else {
            return document.error(at: path, "\(what) does not load: \(error)", fix: "fix it, or name a built-in one")
        }
        let place = inner.line.map { "\(inner.file):\($0): " } ?? ""
        return document.error(at: path, "\(what): \(place)\(inner.message)", fix: inner.fix)
    }
}
