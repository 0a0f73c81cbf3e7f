/// A mistake in a YAML input file, with where it is and what to do about it.
public struct YAMLInputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based line, when the mistake could be located.
    public var line: Int?
    public var column: Int?
    /// What is wrong, e.g. "unknown key 'delay'".
    public var message: String
    /// What to change, e.g. "write 'delay_ms'".
    public var fix: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, fix: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.fix = fix
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): error: \(message)\n  fix: \(fix)"
    }
}
