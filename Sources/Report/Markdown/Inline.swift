/// Small inline Markdown helpers.
enum Inline {
    /// Code span for a name (strategy, fixture, device), with backticks inside it made harmless.
    static func code(_ text: String) -> String {
        "`" + text.replacingOccurrences(of: "`", with: "'") + "`"
    }

    /// Text for HTML contexts (`<summary>`, SVG): &, <, >, " escaped.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A name safe in a file name: letters, digits, `-`, `_` and `.`; anything else becomes `-`.
    static func slug(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "-" })
    }
}
