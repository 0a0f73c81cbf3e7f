import Fixture
import Wire

/// The answers of one WHOIS server, matched in fixture order (first match wins).
///
/// An entry's `query` matches a query that is equal to it (case-insensitive), that ends in it on
/// a label boundary (`example` matches `shop.example`), that is an AS number inside its ASN range
/// (`AS64496-AS64511` matches `as64500`), or that is an address inside its network
/// (`198.19.0.0/16` matches `198.19.3.4`).
struct WhoisDirectory: Sendable {
    let entries: [Fixture.WhoisEntry]

    /// The whole answer text for `query` (CRLF line ends).
    func answer(for query: String) -> String {
        let query = query.trimmingCharacters([" ", "\t", "\r\n", "\n", "\r"])
        guard let entry = match(query) else { return "No match for \"\(query)\".\r\n" }
        if let refer = entry.refer {
            return Self.crlf(
                """
                % IANA WHOIS server
                % This query returned 1 object

                refer:        \(refer)

                domain:       \(query.uppercased())

                whois:        \(refer)

                status:       ACTIVE
                source:       IANA

                """
            )
        }
        let text = entry.text ?? ""
        return Self.crlf(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// The first entry matching `query`.
    func match(_ query: String) -> Fixture.WhoisEntry? {
        let lowered = query.lowercased().trimmingCharacters(["."])
        let address = IPv4Address(lowered)
        let asn = Self.asNumber(lowered)
        return entries.first { entry in
            let pattern = entry.query.lowercased().trimmingCharacters(["."])
            if pattern == lowered { return true }
            if let range = Self.asRange(pattern) { return asn.map(range.contains) ?? false }
            if pattern.contains("/") {
                guard let network = IPv4Network(pattern), let address else { return false }
                return network.contains(address)
            }
            return address == nil && asn == nil && lowered.hasSuffix("." + pattern)
        }
    }

    /// `as64500` → 64500.
    static func asNumber(_ text: String) -> UInt32? {
        guard text.hasPrefix("as") else { return nil }
        return UInt32(text.dropFirst(2))
    }

    /// `as64496-as64511` → 64496...64511; a single `as64500` is a one-number range.
    static func asRange(_ pattern: String) -> ClosedRange<UInt32>? {
        let parts = pattern.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
            let low = asNumber(String(parts[0])), let high = asNumber(String(parts.last!)), low <= high
        else { return nil }
        return low...high
    }

    private static func crlf(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
            .joined(separator: "\r\n")
    }
}

extension String {
    /// The text without leading and trailing characters from `set`.
    func trimmingCharacters(_ set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
