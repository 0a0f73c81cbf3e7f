import Fixture
import Foundation
import Testbed
import Testing
import Wire

/// `scanbench analyze --inventory` on a real `tiny` scan: the inventory is written from the
/// fixture (the test reads the fixture; the analyzer gets only the inventory and the pcap), and
/// every device's answers on the wire must match the fixture's truth. A listed device the LAN
/// lacks must come out as contacted and never answering.
@Suite("Inventory yield from a real capture", .tags(.integration), .serialized, .sharedTestbed("tiny"))
struct InventoryIntegrationTests {
    static let ports = [22, 80, 445, 631, 9100]
    static let missing = "198.18.0.99"

    @Test("per-device answers match tiny's truth; a device the LAN lacks never answered", .timeLimit(.minutes(1)))
    func answersMatchTheFixture() async throws {
        let testbed = try LiveTestbed.shared
        let fixture = try FixtureLoader.load("tiny")
        let targets = fixture.devices.map(\.ip.description) + [Self.missing]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scanbench-inventory-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pcap = "\(directory)/tiny.pcap"
        _ = try await LiveCaptureTestbedTests.capture(testbed, outputPath: pcap) {
            try testbed.exec(
                [
                    "nmap", "-sT", "-Pn", "-n", "--max-retries", "0", "--host-timeout", "8s",
                    "-p", Self.ports.map(String.init).joined(separator: ","),
                ] + targets
            )
            try testbed.shell(
                targets.map { "ping -n -c 1 -W 1 \($0) >/dev/null &" }.joined(separator: " ") + " wait; true"
            )
            try testbed.exec([
                "dig", "+time=1", "+tries=1", "-p", "5353", "@224.0.0.251", "_services._dns-sd._udp.local", "PTR",
            ])
        }

        var yaml = "devices:\n"
        for device in fixture.devices {
            yaml +=
                "  - {name: \(device.name), ip: \(device.ip), mac: \"\(device.mac)\", category: \(device.category.rawValue)"
                + (device.hostname.map { ", hostname: \($0)" } ?? "") + "}\n"
        }
        yaml += "  - {name: missing-tv, ip: \(Self.missing), category: tv}\n"
        try yaml.write(toFile: "\(directory)/lan.yaml", atomically: true, encoding: .utf8)

        let output = try ScanBenchCLI.scanbench([
            "analyze", "--json", "--summary-only", "--inventory", "\(directory)/lan.yaml",
            "--scanner", fixture.network.scanner.ip.description, pcap,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let yield = try #require(json["wire_yield"] as? [String: Any])
        let rows = try #require(yield["devices"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "", $0) })

        for device in fixture.devices {
            let row = try #require(byName[device.name])
            let answered = Set(row["answered"] as? [String] ?? [])
            #expect(row["contacted"] as? Bool == true, "\(device.name)")
            #expect(row["matched_by"] as? String == "ip_and_mac", "\(device.name)")
            #expect(answered.contains("arp"), "\(device.name) answers ARP in the fixture: \(answered)")
            #expect(
                answered.contains("icmp") == device.answersEcho,
                "\(device.name) icmp_echo \(device.answersEcho): \(answered)"
            )
            #expect(answered.contains("mdns") == !(device.mdns ?? []).isEmpty, "\(device.name) mdns: \(answered)")
            let open = Self.ports.filter { device.tcpPorts.state(of: $0) == .open }
            let closed = Self.ports.filter { device.tcpPorts.state(of: $0) == .closed }
            #expect(row["open_ports"] as? [Int] == open, "\(device.name)")
            #expect(row["closed_ports"] as? [Int] == closed, "\(device.name)")
            #expect(
                answered.contains("tcp_syn_ack") == !open.isEmpty && answered.contains("tcp_rst") == !closed.isEmpty,
                "\(device.name): \(answered)"
            )
            #expect(row["tcp_attempts"] as? Int ?? 0 >= Self.ports.count, "\(device.name)")
        }
        let missing = try #require(byName["missing-tv"])
        #expect(missing["contacted"] as? Bool == true && (missing["answered"] as? [String])?.isEmpty == true)
        #expect(yield["never_answered"] as? [String] == ["missing-tv"])
        #expect(yield["discoverable"] as? Int == fixture.devices.count)
        #expect((yield["not_in_inventory"] as? [Any])?.isEmpty == true, "\(yield["not_in_inventory"] ?? [])")
    }
}
