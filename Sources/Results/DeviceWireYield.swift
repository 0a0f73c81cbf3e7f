/// One inventory device as the capture shows it (see `WireYield`).
public struct DeviceWireYield: Codable, Sendable, Equatable {
    public var name: String
    public var category: String
    public var hostname: String?
    /// The address and MAC the inventory gives (either may be absent).
    public var inventoryIp: String?
    public var inventoryMac: String?
    /// The address the device used on the wire: the inventory's, or the one its MAC was seen
    /// with when that differs (DHCP gave it another). Nil when neither was seen.
    public var wireIp: String?
    /// How the device was matched: `ip`, `mac` (the wire shows its MAC at another address),
    /// `ip_and_mac`, or `none` (nothing on the wire carries its address or MAC).
    public var matchedBy: String
    /// The scanner sent it something: an ARP request for its address or any IPv4 packet.
    public var contacted: Bool
    public var packetsFromScanner: Int
    public var packetsToScanner: Int
    /// How it answered the scanner (`arp`, `icmp`, `tcp_syn_ack`, `tcp_rst`, `mdns`, `ssdp`);
    /// empty when it never did.
    public var answered: [String]
    /// Some mDNS response carried an A record for its address (it or a proxy named it).
    public var namedByMdns: Bool
    /// The scanner's TCP attempts to it and their outcomes (`open`, `closed`, `unreachable`,
    /// `no_answer`).
    public var tcpAttempts: Int
    public var tcpOutcomes: [String: Int]
    /// Ports that answered SYN-ACK, and ports that answered RST, sorted.
    public var openPorts: [Int]
    public var closedPorts: [Int]
    /// Attempts whose handshake completed (connections made).
    public var connections: Int

    public init(
        name: String,
        category: String,
        hostname: String? = nil,
        inventoryIp: String? = nil,
        inventoryMac: String? = nil,
        wireIp: String? = nil,
        matchedBy: String = "none",
        contacted: Bool = false,
        packetsFromScanner: Int = 0,
        packetsToScanner: Int = 0,
        answered: [String] = [],
        namedByMdns: Bool = false,
        tcpAttempts: Int = 0,
        tcpOutcomes: [String: Int] = [:],
        openPorts: [Int] = [],
        closedPorts: [Int] = [],
        connections: Int = 0
    ) {
        self.name = name
        self.category = category
        self.hostname = hostname
        self.inventoryIp = inventoryIp
        self.inventoryMac = inventoryMac
        self.wireIp = wireIp
        self.matchedBy = matchedBy
        self.contacted = contacted
        self.packetsFromScanner = packetsFromScanner
        self.packetsToScanner = packetsToScanner
        self.answered = answered
        self.namedByMdns = namedByMdns
        self.tcpAttempts = tcpAttempts
        self.tcpOutcomes = tcpOutcomes
        self.openPorts = openPorts
        self.closedPorts = closedPorts
        self.connections = connections
    }

    enum CodingKeys: String, CodingKey {
        case name, category, hostname, contacted, answered, connections
        case inventoryIp = "inventory_ip"
        case inventoryMac = "inventory_mac"
        case wireIp = "wire_ip"
        case matchedBy = "matched_by"
        case packetsFromScanner = "packets_from_scanner"
        case packetsToScanner = "packets_to_scanner"
        case namedByMdns = "named_by_mdns"
        case tcpAttempts = "tcp_attempts"
        case tcpOutcomes = "tcp_outcomes"
        case openPorts = "open_ports"
        case closedPorts = "closed_ports"
    }
}
