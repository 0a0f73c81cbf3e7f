import StrictYAML
import AppInputs

/// What happens in one run: an app session script (fixtures/sessions, or a user's YAML; see
/// docs/HARNESS.md#sessions) that says when the scan starts and which tools run beside it or
/// before it. The built-ins: `scan`, `ping-during-scan`, `ports-during-scan`, `tools-then-scan`,
/// `thermal-mid-scan`, `adr-016`.
public struct Scenario: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name in results and reports: the script's built-in name, or its `name:` for a path.
    public var name: String
    /// The built-in name or path `scanbench-app --script` gets.
    public var script: String

    public init(name: String, script: String) {
        self.name = name
        self.script = script
    }

    /// A plain scan.
    public static let scan = Scenario(name: "scan", script: "scan")

    /// A built-in script by name (not checked; `parse` checks).
    public static func builtin(_ name: String) -> Scenario { Scenario(name: name, script: name) }

    /// The name, as results and file names use it.
    public var rawValue: String { name }
    public var description: String { name }

    /// A built-in name or a script path, loaded and checked now so a typo fails before any run.
    /// - Throws: `HarnessError` (unknown name, listing the built-ins) or `YAMLInputError` (file:line).
    public static func parse(_ text: String) throws -> Scenario {
        let isPath = BuiltinDirectory.isPath(text)
        if !isPath && !SessionScriptLoader.builtinNames().contains(text) {
            throw HarnessError(
                "unknown scenario '\(text)'",
                fix:
                    "use one of: \(SessionScriptLoader.builtinNames().joined(separator: ", ")), or a path to a session script (docs/HARNESS.md#sessions)"
            )
        }
        let script = try SessionScriptLoader.load(text)
        return Scenario(name: isPath ? script.name : text, script: text)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self.init(name: text, script: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
