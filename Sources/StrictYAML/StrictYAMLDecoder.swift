import Foundation
import Yams

/// Decodes a YAML file into a `Decodable` type, refusing what a lenient decoder would let
/// through: syntax errors, wrong types, missing keys and unknown keys all become a
/// `YAMLInputError` naming the file, the line and the fix.
///
/// Unknown keys are found by encoding the decoded value again and comparing mapping keys with
/// the document: a key the type did not read does not come back.
public struct StrictYAMLDecoder: Sendable {
    /// Every key the schema knows anywhere; used to suggest a spelling for an unknown key.
    public var knownKeys: Set<String>
    /// Where to send the user for the schema, e.g. "docs/FIXTURES.md".
    public var schemaDocument: String

    public init(knownKeys: Set<String>, schemaDocument: String) {
        self.knownKeys = knownKeys
        self.schemaDocument = schemaDocument
    }

    /// Reads and decodes `path`.
    /// - Throws: `YAMLInputError`.
    public func decode<T: Codable>(_ type: T.Type, fromFile path: String) throws -> (T, YAMLDocument) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw YAMLInputError(
                file: path,
                message: "cannot read the file (\(error.localizedDescription))",
                fix: "check the path; built-in names are listed by --help"
            )
        }
        return try decode(type, from: text, file: path)
    }

    /// Decodes `text`, naming `file` in errors.
    /// - Throws: `YAMLInputError`.
    public func decode<T: Codable>(_ type: T.Type, from text: String, file: String) throws -> (T, YAMLDocument) {
        let document = try YAMLDocument(text: text, file: file)
        let value: T
        do {
            value = try YAMLDecoder().decode(T.self, from: text)
        } catch let error as DecodingError {
            throw document.error(for: error, schemaDocument: schemaDocument)
        } catch {
            throw YAMLInputError(file: file, message: "\(error)", fix: "see \(schemaDocument)")
        }
        let encoded = try Yams.compose(yaml: YAMLEncoder().encode(value))
        if let root = document.root, let encoded {
            try rejectUnknownKeys(document: document, original: root, decoded: encoded, path: [])
        }
        return (value, document)
    }

    private func rejectUnknownKeys(document: YAMLDocument, original: Node, decoded: Node, path: YAMLPath) throws {
        switch (original, decoded) {
        case (.mapping(let mine), .mapping(let theirs)):
            let kept = Set(theirs.keys.compactMap(\.string))
            for (key, value) in mine {
                guard let name = key.string else { continue }
                if !kept.contains(name) {
                    if value.null != nil && knownKeys.contains(name) { continue }
                    throw YAMLInputError(
                        file: document.file,
                        line: key.mark?.line,
                        column: key.mark?.column,
                        message: "unknown key '\(name)' in \(path)",
                        fix: suggestion(for: name)
                    )
                }
                if let next = theirs[name] {
                    try rejectUnknownKeys(
                        document: document,
                        original: value,
                        decoded: next,
                        path: path.appending(key: name)
                    )
                }
            }
        case (.sequence(let mine), .sequence(let theirs)):
            for (index, pair) in zip(mine, theirs).enumerated() {
                try rejectUnknownKeys(
                    document: document,
                    original: pair.0,
                    decoded: pair.1,
                    path: path.appending(index: index)
                )
            }
        default:
            return
        }
    }

    private func suggestion(for key: String) -> String {
        let best = knownKeys.min { editDistance(key, $0) < editDistance(key, $1) }
        if let best, editDistance(key, best) <= max(2, key.count / 3) {
            return "did you mean '\(best)'? (keys are listed in \(schemaDocument))"
        }
        return "remove it; the keys this file takes are listed in \(schemaDocument)"
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
