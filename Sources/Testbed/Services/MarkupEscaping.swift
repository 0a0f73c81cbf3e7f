import StrictYAML

/// Escaping for the XML, HTML and JSON documents the device services build by hand.
enum MarkupEscaping {
    /// Text safe inside XML/HTML element content and attribute values.
    static func xml(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A JSON string literal, quotes included (the YAML double-quoted scalar uses only JSON's escapes).
    static func json(_ text: String) -> String { YAMLScalar.doubleQuoted(text) }
}
