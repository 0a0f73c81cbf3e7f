import Fixture
import Wire

/// A user's own description of their real LAN, for `scanbench analyze --inventory`: which
/// devices exist, at which address and/or MAC, of which category. It plays the part ground truth
/// plays for a testbed, for a capture of a real phone on a real LAN.
///
/// Only the analyzer reads it; the system under test never does (it finds devices on the wire).
/// Schema and example: docs/REAL-DEVICES.md, fixtures/inventories/example.yaml.
public struct Inventory: Codable, Sendable, Equatable {
    /// Free text about the LAN (where, when the list was written).
    public var description: String?
    public var devices: [Device]

    public init(description: String? = nil, devices: [Device]) {
        self.description = description
        self.devices = devices
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case description, devices
    }

    /// One device: a name, its address and/or MAC (at least one), a fixture category.
    public struct Device: Codable, Sendable, Equatable {
        public var name: String
        public var ip: IPv4Address?
        public var mac: MACAddress?
        /// The categories fixtures use (`Fixture.DeviceCategory`), so real and testbed LANs
        /// are described in the same words.
        public var category: Fixture.DeviceCategory
        public var hostname: String?
        public var notes: String?

        public init(
            name: String,
            ip: IPv4Address? = nil,
            mac: MACAddress? = nil,
            category: Fixture.DeviceCategory,
            hostname: String? = nil,
            notes: String? = nil
        ) {
            self.name = name
            self.ip = ip
            self.mac = mac
            self.category = category
            self.hostname = hostname
            self.notes = notes
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, ip, mac, category, hostname, notes
        }
    }
}
