import Foundation

/// The fields a WHOIS answer is read for, and its referral.
public struct WhoisRecord: Sendable, Codable, Equatable {
    public var registrar: String?
    public var created: String?
    public var updated: String?
    public var expires: String?
    /// Name servers, lower-cased, in order, without duplicates.
    public var nameServers: [String] = []
    /// Status values (the first word of each "Status:" / "Domain Status:" line).
    public var status: [String] = []
    /// For IP and AS answers: netname / as-name, inetnum / aut-num, org-name, origin, country.
    public var network: [String: String] = [:]

    enum CodingKeys: String, CodingKey {
        case registrar, created, updated, expires, status, network
        case nameServers = "name_servers"
    }

    /// Reads the fields of `text` (case-insensitive `Key: value` lines; first match wins).
    public init(text: String) {
        let lines = Self.fields(text)
        func first(_ keys: [String]) -> String? {
            keys.lazy.compactMap { key in lines.first { $0.key == key }?.value }.first
        }
        registrar = first(["registrar", "sponsoring registrar", "registrar name"])
        created = first(["creation date", "created", "created on", "registered"])
        updated = first(["updated date", "last-modified", "last updated", "changed"])
        expires = first([
            "registry expiry date", "registrar registration expiration date", "expiration date", "expiry date",
            "paid-till",
        ])
        for (key, value) in lines {
            if key == "name server" || key == "nserver" || key == "nameserver" {
                let server = value.split(whereSeparator: \.isWhitespace).first.map { String($0).lowercased() } ?? ""
                if !server.isEmpty && !nameServers.contains(server) { nameServers.append(server) }
            }
            if key == "status" || key == "domain status" {
                let word = value.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? value
                if !status.contains(word) { status.append(word) }
            }
            if [
                "netname", "inetnum", "aut-num", "as-name", "org-name", "origin", "country", "netrange", "orgname",
                "cidr",
            ].contains(key), network[key] == nil {
                network[key] = value
            }
        }
    }

    /// The server this answer refers to (`refer:`, `whois:`, `Registrar WHOIS Server:`,
    /// `ReferralServer: whois://…`), without scheme or port; nil when none.
    public static func referral(in text: String) -> String? {
        for (key, value) in fields(text)
        where ["refer", "whois", "registrar whois server", "referralserver"].contains(key) {
            var server = value.lowercased()
            if server.hasPrefix("rwhois://") || server.hasPrefix("http") { continue }
            if server.hasPrefix("whois://") { server.removeFirst("whois://".count) }
            server = String(server.split(separator: "/").first ?? "")
            if let colon = server.firstIndex(of: ":") { server = String(server[..<colon]) }
            if !server.isEmpty && !server.contains(where: \.isWhitespace) { return server }
        }
        return nil
    }

    /// `Key: value` pairs in order, keys lower-cased, values trimmed, comment lines skipped.
    static func fields(_ text: String) -> [(key: String, value: String)] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("%"), !trimmed.hasPrefix("#"), !trimmed.hasPrefix(">>>"),
                let colon = trimmed.firstIndex(of: ":")
            else { return nil }
            let key = trimmed[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !value.isEmpty, !key.contains("http") else { return nil }
            return (key, value)
        }
    }
}
