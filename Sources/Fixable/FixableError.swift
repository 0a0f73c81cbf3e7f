/// Something that could not be done, with what to do about it: the one "message + fix" error
/// shape every layer throws (docs/ARCHITECTURE.md). Each module keeps its own name for it —
/// `SpawnError`, `TestbedError`, `HarnessError`, `ScanSetupError`, `SessionError`, `FixtureError`,
/// `CompareInputError`, `ResultsError` are aliases — so a signature still says where an error comes from, while a
/// caller catches one type and prints one format. Its own module, below everything, because the
/// fixture model and the report must not import the platform layer to say what went wrong.
public struct FixableError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var fix: String

    public init(_ message: String, fix: String) {
        self.message = message
        self.fix = fix
    }

    public var description: String { "error: \(message)\n  fix: \(fix)" }
}
