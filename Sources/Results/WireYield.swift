/// What a capture shows of a LAN inventory, from the wire alone (`scanbench analyze --inventory`):
/// per device whether the scanner contacted it and how it answered, and the yield-shaped
/// summary the harness reports for testbed runs, so a real phone's scan reads like one of ours.
///
/// "Discoverable" here means answered the scanner on some protocol: the wire cannot know what
/// the app listed, only what it could have learnt. Keys are snake_case (explicit CodingKeys).
public struct WireYield: Codable, Sendable, Equatable {
    /// The inventory file the devices come from.
    public var inventory: String
    /// The scanner's address (given or inferred); nil when the capture names none.
    public var scanner: String?
    /// Devices in the inventory.
    public var inventoryDevices: Int
    /// Inventory devices the scanner sent anything to (ARP request for it, or any IPv4 packet).
    public var contacted: Int
    /// Inventory devices that answered the scanner on at least one protocol.
    public var discoverable: Int
    /// Per answer kind (`arp`, `icmp`, `tcp_syn_ack`, `tcp_rst`, `mdns`, `ssdp`), how many
    /// inventory devices gave it.
    public var foundByProtocol: [String: Int]
    /// Names of inventory devices that never answered the scanner.
    public var neverAnswered: [String]
    /// One entry per inventory device, in inventory order.
    public var devices: [DeviceWireYield]
    /// Local hosts on the wire that match no inventory device.
    public var notInInventory: [WireHost]

    /// The answer kinds, in report order: ARP reply, ICMP echo reply, SYN-ACK, RST, mDNS
    /// response, SSDP response. The one list of their names (`Capture.HostAnswers` uses it).
    public static let answerKinds = ["arp", "icmp", "tcp_syn_ack", "tcp_rst", "mdns", "ssdp"]

    public init(inventory: String, scanner: String?, devices: [DeviceWireYield], notInInventory: [WireHost]) {
        self.inventory = inventory
        self.scanner = scanner
        self.devices = devices
        self.notInInventory = notInInventory
        inventoryDevices = devices.count
        contacted = devices.filter(\.contacted).count
        discoverable = devices.filter { !$0.answered.isEmpty }.count
        var byProtocol: [String: Int] = [:]
        for device in devices {
            for kind in device.answered { byProtocol[kind, default: 0] += 1 }
        }
        foundByProtocol = byProtocol
        neverAnswered = devices.filter(\.answered.isEmpty).map(\.name)
    }

    enum CodingKeys: String, CodingKey {
        case inventory, scanner, contacted, discoverable, devices
        case inventoryDevices = "inventory_devices"
        case foundByProtocol = "found_by_protocol"
        case neverAnswered = "never_answered"
        case notInInventory = "not_in_inventory"
    }
}
