import StrictYAML
import Wire

/// Loads inventory files: strict decoding (unknown keys, bad addresses and categories are
/// errors with file:line and a fix, as in fixtures), then the checks the schema cannot make.
public enum InventoryLoader {
    public static let schemaDocument = "docs/REAL-DEVICES.md"

    /// Loads and checks `path`.
    /// - Throws: `YAMLInputError` naming the file, line and fix.
    public static func load(_ path: String) throws -> Inventory {
        let (inventory, document) = try decoder.decode(Inventory.self, fromFile: path)
        try check(inventory, document)
        return inventory
    }

    /// Loads from text (tests), naming `file` in errors.
    public static func load(text: String, file: String) throws -> Inventory {
        let (inventory, document) = try decoder.decode(Inventory.self, from: text, file: file)
        try check(inventory, document)
        return inventory
    }

    private static let decoder = StrictYAMLDecoder(
        knownKeys: Set(
            Inventory.CodingKeys.allCases.map(\.stringValue) + Inventory.Device.CodingKeys.allCases.map(\.stringValue)
        ),
        schemaDocument: schemaDocument
    )

    /// Names, addresses and MACs unique; every device has an address or a MAC; MACs unicast.
    static func check(_ inventory: Inventory, _ document: YAMLDocument) throws {
        guard !inventory.devices.isEmpty else {
            throw document.error(
                at: ["devices"],
                "the inventory lists no device",
                fix: "list your LAN's devices under 'devices:' (see \(schemaDocument))"
            )
        }
        var names: [String: String] = [:], ips: [IPv4Address: String] = [:], macs: [MACAddress: String] = [:]
        for (index, device) in inventory.devices.enumerated() {
            let path: YAMLPath = [.key("devices"), .index(index)]
            if device.name.allSatisfy(\.isWhitespace) {
                throw document.error(
                    at: path.appending(key: "name"),
                    "the name is empty",
                    fix: "name the device, e.g. anna-iphone"
                )
            }
            if let other = names.updateValue("devices[\(index)]", forKey: device.name) {
                throw document.error(
                    at: path.appending(key: "name"),
                    "device name '\(device.name)' is used twice (also \(other))",
                    fix: "give every device its own name"
                )
            }
            if device.ip == nil && device.mac == nil {
                throw document.error(
                    at: path,
                    "device '\(device.name)' has neither ip nor mac",
                    fix: "add 'ip:' (e.g. 192.168.1.23) or 'mac:' (e.g. 3c:22:fb:12:34:56), or both"
                )
            }
            if let ip = device.ip {
                if ip.isMulticast || ip.value == 0 || ip.value == UInt32.max {
                    throw document.error(
                        at: path.appending(key: "ip"),
                        "\(ip) is not a device address",
                        fix: "write the device's own unicast address, e.g. 192.168.1.23"
                    )
                }
                if let other = ips.updateValue(device.name, forKey: ip) {
                    throw document.error(
                        at: path.appending(key: "ip"),
                        "\(ip) is already used by device '\(other)'",
                        fix: "give every device its own address; leave 'ip' out and keep 'mac' if its address changes"
                    )
                }
            }
            if let mac = device.mac {
                if mac.isMulticast || mac == .zero {
                    throw document.error(
                        at: path.appending(key: "mac"),
                        "\(mac) is not a unicast MAC address",
                        fix: "copy the device's MAC from its settings or the router's client list"
                    )
                }
                if let other = macs.updateValue(device.name, forKey: mac) {
                    throw document.error(
                        at: path.appending(key: "mac"),
                        "\(mac) is already used by device '\(other)'",
                        fix: "give every device its own MAC address"
                    )
                }
            }
        }
    }
}
