import Foundation
import Wire

/// Which WHOIS server to ask first: by the query's last label, with entries for IP addresses
/// and AS numbers and a default (IANA, which refers onwards).
///
/// Map file format, one entry per line (`#` starts a comment):
/// ```
/// com   whois.verisign-grs.com
/// ip    whois.iana.org     # IPv4 addresses and prefixes
/// as    whois.iana.org     # AS numbers (AS64500)
/// *     whois.iana.org     # everything else
/// ```
public struct WhoisServerMap: Sendable, Equatable {
    public var byTLD: [String: String]
    public var defaultServer: String
    public var ipServer: String
    public var asServer: String

    /// NetMonitor's built-in map (spec §5.6), with IANA for everything else.
    public static let builtIn = WhoisServerMap(
        byTLD: [
            "com": "whois.verisign-grs.com", "net": "whois.verisign-grs.com", "org": "whois.pir.org",
            "io": "whois.nic.io",
            "dev": "whois.nic.google", "app": "whois.nic.google", "co": "whois.nic.co",  // IANA root zone database
        ],
        defaultServer: "whois.iana.org",
        ipServer: "whois.iana.org",
        asServer: "whois.iana.org"
    )

    public init(byTLD: [String: String], defaultServer: String, ipServer: String, asServer: String) {
        self.byTLD = byTLD
        self.defaultServer = defaultServer
        self.ipServer = ipServer
        self.asServer = asServer
    }

    /// Parses a map file's text on top of the built-in map.
    /// - Throws: ``NetToolError/invalidArgument(_:)`` with the line number of a malformed line.
    public static func parse(_ text: String, source: String = "map") throws(NetToolError) -> WhoisServerMap {
        var map = builtIn
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: \.isWhitespace).map { String($0).lowercased() }
            if words.isEmpty { continue }
            guard words.count == 2 else {
                throw .invalidArgument(
                    "\(source):\(index + 1): expected '<tld|ip|as|*> <server>', got '\(rawLine.trimmingCharacters(in: .whitespaces))'"
                )
            }
            let key = words[0].trimmingCharacters(in: CharacterSet(charactersIn: "."))
            switch key {
            case "*", "":
                map.defaultServer = words[1]; if map.ipServer == builtIn.ipServer { map.ipServer = words[1] };
                if map.asServer == builtIn.asServer { map.asServer = words[1] }
            case "ip": map.ipServer = words[1]
            case "as", "asn": map.asServer = words[1]
            default: map.byTLD[key] = words[1]
            }
        }
        return map
    }

    /// What kind of query `text` is.
    public enum QueryKind: String, Sendable, Codable { case domain, ip, asn }

    /// Classifies a query: an IPv4 address or prefix, an AS number (AS64500), or a domain.
    public static func kind(of query: String) -> QueryKind {
        let lowered = query.lowercased()
        if IPv4Address(lowered) != nil || IPv4Network(lowered) != nil { return .ip }
        if lowered.hasPrefix("as"), lowered.count > 2, lowered.dropFirst(2).allSatisfy(\.isNumber) { return .asn }
        return .domain
    }

    /// The first server to ask about `query`.
    public func server(for query: String) -> String {
        switch Self.kind(of: query) {
        case .ip: return ipServer
        case .asn: return asServer
        case .domain:
            let tld =
                query.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".")).split(separator: ".").last
                .map(String.init) ?? ""
            return byTLD[tld] ?? defaultServer
        }
    }
}
