/// Input `scanbench compare` cannot use (a thresholds file, or two results with nothing to
/// compare), with what to do. The command exits 2 on it.
public struct CompareInputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var fix: String

    public init(_ message: String, fix: String) {
        self.message = message
        self.fix = fix
    }

    public var description: String { "error: \(message)\n  fix: \(fix)" }
}
