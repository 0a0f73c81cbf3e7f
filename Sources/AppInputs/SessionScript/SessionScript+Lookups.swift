extension SessionScript {
    /// The traceroute tool (spec §5.3): hops to `target`, an address or `$name`
    /// (the harness binds `$trace_target` to a routed address beyond the gateway).
    public struct Trace: Codable, Sendable, Equatable {
        public var target: String

        enum CodingKeys: String, CodingKey, CaseIterable { case target }
        public init(target: String) { self.target = target }
    }

    /// The DNS lookup tool (spec §5.5): `type` records of `name` (a name, an address for PTR,
    /// or `$name`; the harness binds `$dns_name` to a device's name in the LAN's domain).
    public struct DNS: Codable, Sendable, Equatable {
        public var name: String
        public var type = "A"

        /// The record types NetMonitor's tool offers (spec §5.5).
        public static let types = ["A", "AAAA", "MX", "TXT", "CNAME", "NS", "SOA", "PTR"]

        enum CodingKeys: String, CodingKey, CaseIterable { case name, type }
        public init(name: String, type: String = "A") { (self.name, self.type) = (name, type) }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            type = try c.decodeIfPresent(String.self, forKey: .type) ?? "A"
        }
    }

    /// The WHOIS tool (spec §5.6): `query` (a domain, address or AS number, or `$name`) asked
    /// of `server`. NetMonitor picks the server by the query's last label and asks
    /// whois.iana.org for anything it has no entry for; a testbed's IANA stand-in has another
    /// name, so a script names it (the harness binds `$whois_server` and `$whois_query`).
    public struct Whois: Codable, Sendable, Equatable {
        public var query: String
        /// Host name or address of the first server; nil: NetMonitor's map.
        public var server: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case query, server }
        public init(query: String, server: String? = nil) { (self.query, self.server) = (query, server) }
    }
}
