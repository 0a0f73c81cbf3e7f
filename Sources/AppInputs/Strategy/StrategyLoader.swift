import Foundation
import StrictYAML

/// Loads strategy files: strict decoding (unknown keys and bad values refused with file, line
/// and fix), then `StrategyValidator`'s range and consistency checks.
public enum StrategyLoader {
    /// Where the schema is documented; quoted in every fix.
    public static let schemaDocument = "docs/STRATEGIES.md"

    /// Loads a strategy by path or by built-in name (`netmonitor-2.0`, `scanbench-best`, …).
    /// - Throws: `YAMLInputError` naming the file, line and fix.
    public static func load(_ nameOrPath: String) throws -> Strategy {
        let file = try resolve(nameOrPath)
        let (strategy, document) = try decoder.decode(Strategy.self, fromFile: file)
        try StrategyValidator(strategy: strategy, document: document).validate()
        return strategy
    }

    /// Loads from text (tests, stdin).
    /// - Throws: `YAMLInputError`.
    public static func load(text: String, file: String) throws -> Strategy {
        let (strategy, document) = try decoder.decode(Strategy.self, from: text, file: file)
        try StrategyValidator(strategy: strategy, document: document).validate()
        return strategy
    }

    /// Turns a built-in name into a path under `fixtures/strategies/`; paths pass through.
    /// - Throws: `YAMLInputError` listing the built-in names when there is no such preset.
    public static func resolve(_ nameOrPath: String) throws -> String {
        try BuiltinDirectory.resolve(nameOrPath, in: directory(), kind: "strategy")
    }

    /// Names of the presets in `fixtures/strategies/`.
    public static func builtinNames() -> [String] {
        BuiltinDirectory.yamlNames(in: directory())
    }

    /// `fixtures/strategies` (see `BuiltinDirectory`).
    public static func directory() -> String { BuiltinDirectory.locate("fixtures/strategies") }

    static var decoder: StrictYAMLDecoder { StrictYAMLDecoder(knownKeys: knownKeys, schemaDocument: schemaDocument) }

    /// Every key the schema knows, for "did you mean" suggestions: the declared knobs' and those of
    /// the small value types inside them.
    static let knownKeys: Set<String> = {
        var keys = Strategy.allKeys
        func add<K: CaseIterable & CodingKey>(_: K.Type) { keys.formUnion(K.allCases.map(\.stringValue)) }
        add(ThermalStep.CodingKeys.self)
        add(Strategy.Pipeline.Step.CodingKeys.self)
        add(Strategy.PortRange.CodingKeys.self)
        return keys
    }()
}
