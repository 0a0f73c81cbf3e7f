/// Scalars written for YAML readers (fixture files, device documents, strategy overrides).
public enum YAMLScalar {
    /// YAML 1.1 words a plain scalar must not be (they read as booleans or null).
    static let reserved: Set<String> = ["y", "yes", "n", "no", "true", "false", "on", "off", "null", "~"]

    /// `text` as a scalar YAML reads back as the same string, in block and in flow context: plain
    /// when it starts with a letter, `_` or `/`, holds only ASCII letters, digits, spaces and
    /// `._/+-`, has no trailing space and is no reserved word; else ``doubleQuoted(_:)``.
    ///
    /// The one rule for both contexts: none of the flow indicators (`,[]{}`), no `: ` or ` #`,
    /// and no leading digit, sign or dot (a number) can pass it. The fixture writer (block) and
    /// the harness's knob values (flow, `[a, b]` and `{k: v}`) both use it.
    public static func plainOrDoubleQuoted(_ text: String) -> String {
        let plainFirst = text.first.map { $0.isASCII && ($0.isLetter || $0 == "_" || $0 == "/") } ?? false
        let plainRest = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || " ._/+-".contains($0)) }
        if plainFirst, plainRest, text.last != " ", !reserved.contains(text.lowercased()) { return text }
        return doubleQuoted(text)
    }

    /// `text` as a double-quoted scalar, quotes included. Only the escapes JSON also has are
    /// used, so the result is a JSON string literal too: the fixture writer and the device
    /// services' JSON documents share this one escaper.
    public static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
