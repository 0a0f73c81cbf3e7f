/// A child process could not be started, with what to do about it.
public struct SpawnError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var fix: String

    public init(_ message: String, fix: String) {
        self.message = message
        self.fix = fix
    }

    public var description: String { "error: \(message)\n  fix: \(fix)" }
}
