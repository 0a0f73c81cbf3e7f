/// A session could not start; says what to do.
public struct SessionError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var fix: String
    public init(_ message: String, fix: String) { self.message = message; self.fix = fix }
    public var description: String { "error: \(message)\n  fix: \(fix)" }
}
