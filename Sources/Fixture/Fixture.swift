import Wire

/// One emulated LAN, described in a YAML file: its devices, their behaviour and everything the
/// harness later treats as ground truth.
///
/// The schema is documented in `docs/FIXTURES.md`. Keys are snake_case; unknown keys are refused.
public struct Fixture: Codable, Sendable, Equatable {
    /// Short name, used in reports and namespace-independent output (`home`, `office`).
    public var name: String
    public var description: String?
    /// Addresses outside 198.18.0.0/15 are refused unless this is `true`.
    public var allowNonBenchmarkAddresses: Bool?
    public var network: Network
    public var upstream: Upstream?
    public var devices: [Device]

    public init(
        name: String,
        description: String? = nil,
        allowNonBenchmarkAddresses: Bool? = nil,
        network: Network,
        upstream: Upstream? = nil,
        devices: [Device]
    ) {
        self.name = name
        self.description = description
        self.allowNonBenchmarkAddresses = allowNonBenchmarkAddresses
        self.network = network
        self.upstream = upstream
        self.devices = devices
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, network, upstream, devices
        case allowNonBenchmarkAddresses = "allow_non_benchmark_addresses"
    }

    /// The LAN segment the scanner sits on.
    public struct Network: Codable, Sendable, Equatable {
        public var subnet: IPv4Network
        /// Address of the device that routes, serves DNS (dnsmasq) and leads to `upstream`.
        public var gateway: IPv4Address
        /// DNS domain the gateway's dnsmasq serves host names under (default `home.arpa`).
        public var domain: String?
        public var scanner: Scanner

        public var dnsDomain: String { domain ?? "home.arpa" }

        public init(subnet: IPv4Network, gateway: IPv4Address, domain: String? = nil, scanner: Fixture.Scanner) {
            self.subnet = subnet
            self.gateway = gateway
            self.domain = domain
            self.scanner = scanner
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case subnet, gateway, domain, scanner }
    }

    /// The namespace the system under test runs in.
    public struct Scanner: Codable, Sendable, Equatable {
        public var ip: IPv4Address
        public var mac: MACAddress
        public var link: LinkImpairment?
        /// The scanner's own Wi-Fi path events (roam, loss of association, congestion).
        public var wifi: ScannerWiFi?

        public init(
            ip: IPv4Address,
            mac: MACAddress,
            link: Fixture.LinkImpairment? = nil,
            wifi: Fixture.ScannerWiFi? = nil
        ) {
            self.ip = ip
            self.mac = mac
            self.link = link
            self.wifi = wifi
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case ip, mac, link, wifi }
    }

    /// A routed path beyond the gateway: `routers` router namespaces in a chain, then a remote
    /// segment with servers (WHOIS and the like).
    public struct Upstream: Codable, Sendable, Equatable {
        /// Routers between the gateway and the remote segment (default 2).
        public var routers: Int?
        /// Addresses for the point-to-point links between routers (default 198.19.254.0/24).
        public var transit: IPv4Network?
        /// The remote segment's network.
        public var segment: IPv4Network
        public var servers: [RemoteServer]

        public var routerCount: Int { routers ?? 2 }
        public var transitNetwork: IPv4Network { transit ?? IPv4Network("198.19.254.0/24")! }

        enum CodingKeys: String, CodingKey, CaseIterable { case routers, transit, segment, servers }
    }

    /// A server on the remote segment, with a name in the gateway's DNS.
    public struct RemoteServer: Codable, Sendable, Equatable {
        public var name: String
        public var ip: IPv4Address
        public var hostname: String
        /// WHOIS answers served on TCP port 43, first match wins.
        public var whois: [WhoisEntry]?
        /// Extra open TCP ports (accepting and closing).
        public var tcpOpen: [Int]?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, ip, hostname, whois
            case tcpOpen = "tcp_open"
        }
    }

    /// One WHOIS answer. `query` matches the query exactly, as a domain suffix (`example` matches
    /// `shop.example`), as an ASN range (`AS64496-AS64511`) or as a network (`198.19.0.0/16`).
    /// The answer is either an IANA-style referral to another server or literal text.
    public struct WhoisEntry: Codable, Sendable, Equatable {
        public var query: String
        public var refer: String?
        public var text: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case query, refer, text }
    }
}
