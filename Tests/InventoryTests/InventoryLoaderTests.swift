import Foundation
import Inventory
import StrictYAML
import Testing

/// Inventory files fail like fixtures do: file:line, what is wrong, and the fix.
@Suite("Inventory loading")
struct InventoryLoaderTests {
    static func error(_ text: String) -> YAMLInputError? {
        do {
            _ = try InventoryLoader.load(text: text, file: "lan.yaml")
            return nil
        } catch let error as YAMLInputError {
            return error
        } catch {
            Issue.record("not a YAMLInputError: \(error)")
            return nil
        }
    }

    @Test("a good inventory loads: ip only, mac only, both, hostname")
    func loads() throws {
        let inventory = try InventoryLoader.load(
            text: """
                description: home
                devices:
                  - {name: router, ip: 192.168.1.1, mac: "3c:a6:2f:4e:91:01", category: router, hostname: fritz-box}
                  - {name: Anna's iPhone, mac: "3c:22:fb:12:34:56", category: phone}
                  - {name: printer, ip: 192.168.1.60, category: printer}
                """,
            file: "lan.yaml"
        )
        #expect(inventory.devices.map(\.name) == ["router", "Anna's iPhone", "printer"])
        #expect(inventory.devices[1].ip == nil && inventory.devices[1].mac?.description == "3c:22:fb:12:34:56")
        #expect(inventory.devices[0].hostname == "fritz-box")
    }

    @Test(
        "each mistake names its line and a fix",
        arguments: [
            (
                "devices:\n  - name: a\n    ip: 10.0.0.1\n    category: tv\n    hostnme: tv\n", 5,
                "unknown key 'hostnme'", "did you mean 'hostname'"
            ),
            (
                "devices:\n  - name: a\n    ip: 10.0.0.300\n    category: tv\n", 3,
                "'10.0.0.300' is not an IPv4 address", "four numbers"
            ),
            ("devices:\n  - name: a\n    mac: 3c:22:fb\n    category: tv\n", 3, "not a MAC address", "six hex pairs"),
            (
                "devices:\n  - name: a\n    ip: 10.0.0.1\n    category: fridge\n", 4,
                "'fridge' is not one of the allowed values", "router, phone"
            ),
            (
                "devices:\n  - {name: a, ip: 10.0.0.1, category: tv}\n  - {name: b, ip: 10.0.0.1, category: tv}\n", 3,
                "10.0.0.1 is already used by device 'a'", "own address"
            ),
            (
                "devices:\n  - {name: a, mac: \"02:00:00:00:00:01\", category: tv}\n  - {name: b, mac: \"02:00:00:00:00:01\", category: tv}\n",
                3, "already used by device 'a'", "own MAC"
            ),
            (
                "devices:\n  - {name: a, ip: 10.0.0.1, category: tv}\n  - {name: a, ip: 10.0.0.2, category: tv}\n", 3,
                "device name 'a' is used twice", "own name"
            ),
            ("devices:\n  - {name: a, category: tv}\n", 2, "has neither ip nor mac", "add 'ip:'"),
            (
                "devices:\n  - {name: a, mac: \"01:00:5e:00:00:fb\", category: tv}\n", 2, "not a unicast MAC",
                "copy the device's MAC"
            ),
            ("devices:\n  - {ip: 10.0.0.1, category: tv}\n", 2, "missing required key 'name'", "add 'name:'"),
        ]
    )
    func errors(text: String, line: Int, message: String, fix: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.file == "lan.yaml")
        #expect(error.line == line, "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.fix.contains(fix), "\(error)")
    }

    @Test("the example inventory under fixtures/ loads")
    func example() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("fixtures/inventories/example.yaml").path
        let inventory = try InventoryLoader.load(path)
        #expect(inventory.devices.count >= 5)
    }
}
