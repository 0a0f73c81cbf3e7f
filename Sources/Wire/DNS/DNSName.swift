/// A domain name as a list of labels, e.g. `["Living Room", "_airplay", "_tcp", "local"]`.
///
/// Labels are kept as text so that DNS-SD instance names (which may contain spaces and dots)
/// survive unchanged. Comparison and hashing are case-insensitive for ASCII letters, as DNS
/// requires (RFC 4343). The root name has no labels.
public struct DNSName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The labels, most specific first, without the trailing root label.
    public var labels: [String]

    /// The root name (`.`).
    public static let root = DNSName(labels: [])

    /// Creates a name from labels.
    public init(labels: [String]) { self.labels = labels }

    /// Parses dotted text. A trailing dot is optional; `\.` escapes a dot inside a label and
    /// `\\` a backslash, so `My\.Printer._ipp._tcp.local` has four labels.
    public init(_ text: some StringProtocol) {
        var labels: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "." {
                if !current.isEmpty { labels.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { labels.append(current) }
        self.labels = labels
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Dotted text without the trailing dot (`.` for the root); dots and backslashes inside a
    /// label are escaped.
    public var description: String {
        if labels.isEmpty { return "." }
        return labels.map { label in
            label.replacingAll("\\", with: "\\\\").replacingAll(".", with: "\\.")
        }.joined(separator: ".")
    }

    /// The name with `prefix` labels put in front.
    public func prepending(_ prefix: String) -> DNSName { DNSName(labels: [prefix] + labels) }

    /// The name with the labels of `suffix` appended.
    public func appending(_ suffix: DNSName) -> DNSName { DNSName(labels: labels + suffix.labels) }

    /// True when `self` ends with all labels of `suffix` (case-insensitively).
    public func hasSuffix(_ suffix: DNSName) -> Bool {
        guard suffix.labels.count <= labels.count else { return false }
        return zip(labels.suffix(suffix.labels.count), suffix.labels).allSatisfy { Self.labelsEqual($0, $1) }
    }

    /// Canonical key: lower-cased labels, used for equality, hashing and compression.
    var key: [String] { labels.map(Self.lowercasedASCII) }

    public static func == (lhs: DNSName, rhs: DNSName) -> Bool {
        lhs.labels.count == rhs.labels.count && zip(lhs.labels, rhs.labels).allSatisfy { labelsEqual($0, $1) }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    static func labelsEqual(_ a: String, _ b: String) -> Bool { lowercasedASCII(a) == lowercasedASCII(b) }

    static func lowercasedASCII(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

fileprivate extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
