/// A request the fixture model cannot honour (a generator option out of range), with what to do
/// about it. Mistakes in a fixture file are `YAMLInputError`s, which also say where.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var fix: String

    public init(_ message: String, fix: String) {
        self.message = message
        self.fix = fix
    }

    public var description: String { "error: \(message)\n  fix: \(fix)" }
}
