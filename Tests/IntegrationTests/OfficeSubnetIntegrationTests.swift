import Foundation
import Testing

/// The `office` /23 (101 devices, 73 of them in 198.18.1.0/24) against ARP sweeps that differ
/// only in how they choose targets, with `arp-scan` as the peer that says which devices answer
/// ARP at all. Issue 12: a sweep that assumes a /24 around its own address must visibly miss the
/// upper half; one that uses the interface's netmask must not — which it did until the ARP
/// phase stopped losing pokes to a full socket send buffer (about 290 unresolved pokes fill
/// Linux's default 208 KB). About 20 s.
@Suite("ARP sweeps on the office /23", .tags(.integration), .serialized)
struct OfficeSubnetIntegrationTests {
    /// `netmonitor-2.0` with only its ARP phase, and the subnet policy given.
    static func arpOnlyStrategy(policy: String) throws -> String {
        var text = try String(
            contentsOfFile: "\(ScanBenchCLI.packageRoot)/fixtures/strategies/netmonitor-2.0.yaml",
            encoding: .utf8
        )
        text = text.replacingOccurrences(
            of: #"  steps:\n(    - .*\n)+"#,
            with: "  steps:\n    - {phases: [arp], concurrent: false}\n",
            options: .regularExpression
        )
        var section = ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { raw -> String in
            var line = String(raw)
            if let key = line.firstMatch(of: /^([a-z_]+):/) { section = String(key.1) }
            if section != "arp" && line == "  enabled: true" { line = "  enabled: false" }
            if line.hasPrefix("icmp: {enabled: true") || line.hasPrefix("ptr: {enabled: true") {
                line = line.replacingOccurrences(of: "enabled: true", with: "enabled: false")
            }
            return line
        }
        text = lines.joined(separator: "\n").replacingOccurrences(of: "policy: netmask", with: "policy: \(policy)")
        let path = NSTemporaryDirectory() + "arp-only-\(policy)-\(UUID().uuidString).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "a /24 assumption misses the upper half; the netmask sweep pokes all 509 addresses and finds what arp-scan finds"
    )
    func subnetPolicies() throws {
        let testbed = try LiveTestbed.up("office")
        defer { testbed.down() }
        let upper = "198.18.1."
        let peer = try testbed.exec(["arp-scan", "-I", "eth0", "-q", "-x", "198.18.0.0/23"], timeout: 60)
        let answering = Set(
            peer.stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }
        )
        #expect(
            answering.filter { $0.hasPrefix(upper) }.count >= 70,
            "arp-scan sees the upper half: \(answering.count)"
        )

        func sweep(_ policy: String) throws -> (found: Set<String>, events: [[String: Any]]) {
            let strategy = try Self.arpOnlyStrategy(policy: policy)
            let events = NSTemporaryDirectory() + "office-arp-\(policy)-\(UUID().uuidString).jsonl"
            defer {
                try? FileManager.default.removeItem(atPath: strategy);
                try? FileManager.default.removeItem(atPath: events)
            }
            let run = try testbed.exec(
                [ScanBenchCLI.binary, "scan", "--strategy", strategy, "--json", "--seed", "1", "--events", events],
                timeout: 90
            )
            guard run.status == 0,
                let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            else {
                throw LiveTestbedError(message: "scan (\(policy)) failed (\(run.status)): \(run.stderr)")
            }
            let found = Set((report["devices"] as? [[String: Any]] ?? []).compactMap { $0["ip"] as? String })
            let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
            let parsed = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            return (found, parsed)
        }

        let assumed = try sweep("assume_24")
        #expect(
            assumed.found.filter { $0.hasPrefix(upper) }.isEmpty,
            "a /24 sweep from 198.18.0.50 cannot reach 198.18.1.0/24"
        )
        #expect(assumed.found.count >= 25, "it still finds the lower half: \(assumed.found.count)")

        let netmask = try sweep("netmask")
        let pokes = netmask.events.filter {
            $0["type"] as? String == "packet_sent" && $0["kind"] as? String == "udp_poke"
        }
        let failed = netmask.events.filter { $0["type"] as? String == "send_failed" }
        #expect(
            Set(pokes.compactMap { $0["ip"] as? String }).count == 509,
            "every address of the /23 but the scanner's is poked"
        )
        #expect(failed.isEmpty, "no poke is lost: \(failed.prefix(3))")
        let missed = answering.subtracting(netmask.found)
        #expect(missed.count <= 2, "the netmask sweep finds what arp-scan finds; missed \(missed.sorted())")
        #expect(netmask.found.filter { $0.hasPrefix(upper) }.count >= 70)
        print(
            "office ARP: arp-scan \(answering.count); assume_24 \(assumed.found.count) (upper 0); netmask \(netmask.found.count), \(pokes.count) pokes, \(failed.count) failed"
        )
    }
}
