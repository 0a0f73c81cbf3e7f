import Wire

/// One browsed DNS-SD service instance, e.g. "Living Room" of `_airplay._tcp` in `local`.
///
/// Identity is NetMonitor's de-duplication key `name|type|domain` (spec §2.3 step 2), compared
/// case-insensitively as DNS names are.
public struct BonjourService: Sendable, Hashable, CustomStringConvertible {
    /// The instance label, e.g. `Living Room` (NetMonitor's hostname for the device).
    public var name: String
    /// The service type, e.g. `_airplay._tcp`.
    public var type: String
    /// The domain, e.g. `local`.
    public var domain: String
    /// `CLOCK_MONOTONIC` ns when the first PTR answer for it arrived.
    public var firstSeenNs: UInt64

    public init(name: String, type: String, domain: String = "local", firstSeenNs: UInt64 = 0) {
        self.name = name
        self.type = type
        self.domain = domain
        self.firstSeenNs = firstSeenNs
    }

    /// Splits a full instance name (`Living Room._airplay._tcp.local`) into its parts.
    /// - Returns: nil unless the name has an instance label, `_x`, `_tcp`/`_udp` and a domain.
    public init?(instanceName: DNSName, firstSeenNs: UInt64 = 0) {
        let labels = instanceName.labels
        guard labels.count >= 4, labels[1].hasPrefix("_"),
            ["_tcp", "_udp"].contains(labels[2].lowercased())
        else { return nil }
        self.init(
            name: labels[0],
            type: labels[1] + "." + labels[2],
            domain: labels[3...].joined(separator: "."),
            firstSeenNs: firstSeenNs
        )
    }

    /// NetMonitor's de-duplication key, lower-cased.
    public var key: String { "\(name)|\(type)|\(domain)".lowercased() }

    /// The full instance name, e.g. `Living Room._airplay._tcp.local`.
    public var instanceName: DNSName {
        DNSName(
            labels: [name] + type.split(separator: ".").map(String.init) + domain.split(separator: ".").map(String.init)
        )
    }

    public var description: String { "\(name)|\(type)|\(domain)" }

    public static func == (lhs: BonjourService, rhs: BonjourService) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
