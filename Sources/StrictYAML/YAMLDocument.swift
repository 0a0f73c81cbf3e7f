import Yams

/// A composed YAML document that can say on which line a path lives.
public struct YAMLDocument: @unchecked Sendable {
    // @unchecked: Yams.Node is an immutable value tree that Yams has not marked Sendable;
    // nothing here mutates it after composition.
    public let file: String
    public let root: Node?

    /// Composes `text`.
    /// - Throws: `YAMLInputError` for a syntax error, with its line.
    public init(text: String, file: String) throws {
        self.file = file
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw YAMLDocument.syntaxError(error, file: file)
        }
    }

    /// The node at `path`, or the deepest node on the way to it.
    public func deepestNode(at path: YAMLPath) -> Node? {
        var node = root
        for component in path.components {
            guard let current = node else { return nil }
            let next: Node?
            switch (component, current) {
            case (.key(let key), .mapping(let mapping)): next = mapping[key]
            case (.index(let index), .sequence(let sequence)): next = index < sequence.count ? sequence[index] : nil
            default: next = nil
            }
            guard let next else { return current }
            node = next
        }
        return node
    }

    /// True when the document itself writes `path` (a default the decoder filled in is not).
    public func contains(_ path: YAMLPath) -> Bool {
        var node = root
        for component in path.components {
            switch (component, node) {
            case (.key(let key), .mapping(let mapping)?): node = mapping[key]
            case (.index(let index), .sequence(let sequence)?): node = index < sequence.count ? sequence[index] : nil
            default: return false
            }
        }
        return node != nil
    }

    /// An error located at `path`.
    public func error(at path: YAMLPath, _ message: String, fix: String) -> YAMLInputError {
        let mark = deepestNode(at: path)?.mark
        return YAMLInputError(
            file: file,
            line: mark?.line,
            column: mark?.column,
            message: "\(path): \(message)",
            fix: fix
        )
    }

    func error(for error: DecodingError, schemaDocument: String) -> YAMLInputError {
        switch error {
        case .keyNotFound(let key, let context):
            let path = YAMLPath(codingPath: context.codingPath)
            return self.error(
                at: path,
                "missing required key '\(key.stringValue)'",
                fix: "add '\(key.stringValue):' here (see \(schemaDocument))"
            )
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let path = YAMLPath(codingPath: context.codingPath)
            return self.error(
                at: path,
                "expected \(YAMLDocument.describe(type))",
                fix: "write \(YAMLDocument.describe(type)) here (see \(schemaDocument))"
            )
        case .dataCorrupted(let context):
            let path = YAMLPath(codingPath: context.codingPath)
            let detail = context.debugDescription
            if let range = detail.range(of: "; ") {
                return self.error(
                    at: path,
                    String(detail[..<range.lowerBound]),
                    fix: String(detail[range.upperBound...])
                )
            }
            return self.error(at: path, detail, fix: "see \(schemaDocument) for the allowed values")
        @unknown default:
            return YAMLInputError(file: file, message: "\(error)", fix: "see \(schemaDocument)")
        }
    }

    static func describe(_ type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "Int": return "a whole number"
        case "Double": return "a number"
        case "Bool": return "true or false"
        case "String": return "a string"
        default:
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "a mapping (key: value lines)" }
            return "a mapping (key: value lines)"
        }
    }

    static func syntaxError(_ error: YamlError, file: String) -> YAMLInputError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return YAMLInputError(
                file: file,
                line: mark.line,
                column: mark.column,
                message: "YAML syntax: \(problem)",
                fix: "check indentation (spaces, not tabs) and quoting on this line"
            )
        case .duplicatedKeysInMapping(let duplicates, let context):
            return YAMLInputError(
                file: file,
                line: context.mark.line,
                column: context.mark.column,
                message: "duplicated key(s) \(duplicates.joined(separator: ", "))",
                fix: "keep one of each key in a mapping"
            )
        default:
            return YAMLInputError(file: file, message: "YAML: \(error)", fix: "check the file is valid YAML")
        }
    }
}
