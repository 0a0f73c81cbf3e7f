import Wire

/// What a running testbed really is, for other tools to read (`scanbench testbed status --json`):
/// every device with its address, MAC, category, names, impairments, ports by state and services.
public struct GroundTruth: Sendable, Codable {
    public static let schemaVersion = 1

    public var schemaVersion = GroundTruth.schemaVersion
    public var testbedID: String
    public var fixture: String
    public var fixturePath: String
    public var subnet: IPv4Network
    public var gateway: IPv4Address
    public var domain: String
    public var scanner: ScannerTruth
    public var routers: [String]
    public var devices: [DeviceTruth]
    public var servers: [Fixture.RemoteServer]

    public struct ScannerTruth: Sendable, Codable {
        public var ip: IPv4Address
        public var mac: MACAddress
        public var namespace: String
        public var interface: String
        public var link: Fixture.LinkImpairment?
    }

    public struct DeviceTruth: Sendable, Codable {
        public var namespace: String
        public var fqdn: String?
        /// Ports a TCP connect scan should report as open, closed and filtered (listed ones),
        /// and what every other port does.
        public var tcpOpen: [Int]
        public var tcpClosed: [Int]
        public var tcpFiltered: [Int]
        public var tcpDefault: Fixture.PortPolicy
        public var device: Fixture.Device
        /// Where the device comes back after a `leave` with `new_address: true`
        /// (`Fixture.returnAddresses(seed:)`); a device found at either address is found.
        public var returnAddress: IPv4Address?

        /// Its address, then the one it returns on, if any.
        public var addresses: [IPv4Address] { [device.ip] + (returnAddress.map { [$0] } ?? []) }

        enum CodingKeys: String, CodingKey {
            case namespace, fqdn, device
            case tcpOpen = "tcp_open"
            case tcpClosed = "tcp_closed"
            case tcpFiltered = "tcp_filtered"
            case tcpDefault = "tcp_default"
            case returnAddress = "return_address"
        }
    }

    enum CodingKeys: String, CodingKey {
        case fixture, subnet, gateway, domain, scanner, routers, devices, servers
        case schemaVersion = "schema_version"
        case testbedID = "testbed_id"
        case fixturePath = "fixture_path"
    }

    /// The truth of `fixture` as a testbed would serve it: `testbedID` and the namespace names
    /// are the runtime's (Testbed's `TestbedPlan`), everything else is the fixture's.
    public init(
        fixture: Fixture,
        fixturePath: String,
        testbedID: String,
        scannerNamespace: String,
        routers: [String],
        deviceNamespace: (String) -> String,
        returnAddresses: [String: IPv4Address] = [:]
    ) {
        self.testbedID = testbedID
        self.fixture = fixture.name
        self.fixturePath = fixturePath
        subnet = fixture.network.subnet
        gateway = fixture.network.gateway
        domain = fixture.network.dnsDomain
        scanner = ScannerTruth(
            ip: fixture.network.scanner.ip,
            mac: fixture.network.scanner.mac,
            namespace: scannerNamespace,
            interface: "eth0",
            link: fixture.network.scanner.link
        )
        self.routers = routers
        devices = fixture.devices.map { device in
            let tcp = device.tcpPorts
            return DeviceTruth(
                namespace: deviceNamespace(device.name),
                fqdn: device.hostname.map { "\($0).\(fixture.network.dnsDomain)" },
                tcpOpen: tcp.openPorts.sorted(),
                tcpClosed: tcp.closedPorts.sorted(),
                tcpFiltered: tcp.filteredPorts.sorted(),
                tcpDefault: tcp.defaultPolicy,
                device: device,
                returnAddress: returnAddresses[device.name]
            )
        }
        servers = fixture.upstream?.servers ?? []
    }
}
