/// Scalars written for YAML readers (fixture files, device documents).
public enum YAMLScalar {
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
