import Foundation
import Testing

/// The twin round trip on `tiny`: scan it under capture, derive a twin fixture from the capture
/// (`fixture from-capture`), scan the twin the same way, and per device the wire (answered or
/// not, by which protocols, port states, mDNS services, RTT within 1 ms) and the scanner's own
/// results (found, by which sources) must agree. scanbench-best keeps it short (two runs of about
/// 20 s); scripts/twin-roundtrip does the same on `home` with any strategy.
///
/// scanbench-best pings each device once, so each scan's RTT for a device is one sample, and one
/// slow timer wake-up on this VM adds a millisecond or more to one sample (stop 29: 0.74 vs
/// 2.14 ms for one device while the other four agreed within 0.05 ms). When RTTs are the only
/// differences, the twin is scanned once more and that scan must match: a wrong derivation (stop
/// 28's double-counted switch cost moved every device) shows in both scans, one late sample does
/// not.
@Suite("Twin fixture round trip", .tags(.integration), .serialized)
struct TwinRoundTripIntegrationTests {
    static func devices(_ directory: String) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let devices = try #require(run["devices"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: devices.map { ($0["ip"] as? String ?? "", $0) })
    }

    static func pcap(_ directory: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(directory)/pcaps").filter {
            $0.hasSuffix(".pcap")
        }
        return "\(directory)/pcaps/\(try #require(names.first))"
    }

    /// Scans `fixture` once with scanbench-best under capture into `directory`; its capture's path.
    static func scan(_ fixture: String, into directory: String) throws -> String {
        let plan = ["--strategy", "scanbench-best", "--repeat", "1", "--seed", "1", "--no-classify"]
        let run = try ScanBenchCLI.scanbench(
            ["run", "--fixture", fixture] + plan + ["--out", directory],
            timeout: 150
        )
        #expect(run.status == 0, "\(run.stderr)")
        return try pcap(directory)
    }

    /// Whether every `DIFF` line of a twin check is an RTT median difference and nothing else.
    static func onlyRTTsDiffer(_ report: String) -> Bool {
        let diffs = report.split(separator: "\n").filter { $0.hasPrefix("DIFF") }
        return !diffs.isEmpty
            && diffs.allSatisfy { line in
                line.contains(": RTT median ") && !line.contains(";")
            }
    }

    @Test("scan tiny, derive its twin, scan the twin: every device behaves the same", .timeLimit(.minutes(4)))
    func roundTrip() throws {
        let out = NSTemporaryDirectory() + "twin-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let original = try Self.scan("tiny", into: "\(out)/original")

        let derive = try ScanBenchCLI.scanbench([
            "fixture", "from-capture", original, "--name", "twin-tiny", "--out", "\(out)/twin.yaml",
        ])
        #expect(derive.status == 0, "\(derive.stderr)")
        let yaml = try String(contentsOfFile: "\(out)/twin.yaml", encoding: .utf8)
        #expect(yaml.contains("# Not in the capture, so left out"))
        let validate = try ScanBenchCLI.scanbench(["fixture", "validate", "\(out)/twin.yaml"])
        #expect(validate.stdout.contains("OK:"), "\(validate.stdout)\(yaml)")

        var check = try ScanBenchCLI.scanbench([
            "fixture", "from-capture", original, "--check", try Self.scan("\(out)/twin.yaml", into: "\(out)/twin"),
        ])
        if check.status != 0, Self.onlyRTTsDiffer(check.stdout) {
            print("twin round trip: RTTs alone differ, scanning the twin once more:\n\(check.stdout)")
            check = try ScanBenchCLI.scanbench([
                "fixture", "from-capture", original, "--check",
                try Self.scan("\(out)/twin.yaml", into: "\(out)/twin-again"),
            ])
        }
        #expect(check.status == 0, "wire differences:\n\(check.stdout)\(check.stderr)\n--- twin.yaml:\n\(yaml)")
        #expect(check.stdout.contains("5 of 5 devices match"), "\(check.stdout)")

        // The scanner's own view: found, and by which sources, per address.
        let before = try Self.devices("\(out)/original")
        let after = try Self.devices("\(out)/twin")
        var differences: [String] = []
        for (ip, device) in before where device["found"] as? Bool == true {
            guard let twin = after[ip] else {
                differences.append("\(ip): found in tiny, absent from the twin"); continue
            }
            let sources = Set(device["sources"] as? [String] ?? [])
            let twinSources = Set(twin["sources"] as? [String] ?? [])
            if twin["found"] as? Bool != true || sources != twinSources {
                differences.append(
                    "\(ip): sources \(sources.sorted()) vs \(twinSources.sorted()), found \(twin["found"] ?? "-")"
                )
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// The `N of M devices match` count of a twin check.
    static func matchCount(_ report: String) -> (matching: Int, total: Int)? {
        guard let line = report.split(separator: "\n").first(where: { $0.contains(" devices match (") }) else {
            return nil
        }
        let words = line.split(separator: " ")
        guard words.count > 3, let matching = Int(words[0]), let total = Int(words[2]) else { return nil }
        return (matching, total)
    }

    /// Issue 34's scale: a generated 250-device /23, a third of its hosts ARP-only (one timed
    /// sample each, the ARP reply during the sweep), scanned, derived, the twin scanned, and at
    /// least 98 % of devices must match on the wire. netmonitor-2.0 is what scripts/twin-roundtrip
    /// runs; scanbench-best keeps each scan short. When the fixed 1 ms check falls short, the
    /// original is scanned once more right after the twin and the check takes each device's
    /// tolerance from the original's own repeat (`--repeat`): what the testbed reproduces of
    /// itself on a loaded machine, which the twin cannot be asked to beat (docs/REAL-DEVICES.md).
    ///
    /// Only with a release build (`SCANBENCH_BIN=.build/release/scanbench`): with the debug build
    /// the testbed's own scan-time delay moves 1–2.6 ms between scans of the same LAN (the
    /// original matched its repeat on 126 of 250) and the twin scanned in this test was 1.1–1.6 ms
    /// slower than its original on 118 devices (132/250 with the rule; its repeat matched 225):
    /// the derivation's 0.2 ms testbed round trip is a release-size figure. Release: 248–249 of
    /// 250 in scripts/twin-roundtrip, at load 2.5–15; this test 250/250 at 1 ms, 75 s (load 4–5).
    @Test(
        "a generated 250-device /23 with ARP-only hosts: its twin matches on at least 98 % of devices",
        .enabled(
            if: ScanBenchCLI.binary.contains("/release/"),
            "needs a release build: SCANBENCH_BIN=.build/release/scanbench"
        ),
        .timeLimit(.minutes(6))
    )
    func roundTripAtScale() throws {
        let out = NSTemporaryDirectory() + "twin250-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let generate = try ScanBenchCLI.scanbench([
            "fixture", "generate", "--seed", "34", "--devices", "250", "--subnet", "/23",
            "--profile", "office", "--arp-only-percent", "33", "--out", "\(out)/lan.yaml",
        ])
        #expect(generate.status == 0, "\(generate.stderr)")
        let original = try Self.scan("\(out)/lan.yaml", into: "\(out)/original")
        let derive = try ScanBenchCLI.scanbench([
            "fixture", "from-capture", original, "--name", "twin-250", "--out", "\(out)/twin.yaml",
        ])
        #expect(derive.status == 0, "\(derive.stderr)")
        let twin = try Self.scan("\(out)/twin.yaml", into: "\(out)/twin")
        var check = try ScanBenchCLI.scanbench(["fixture", "from-capture", original, "--check", twin])
        var count = try #require(Self.matchCount(check.stdout), "\(check.stdout)\(check.stderr)")
        if count.matching * 100 < count.total * 98 {
            print(
                "twin at 250: \(count.matching) of \(count.total) at 1 ms; scanning the original again for its own spread"
            )
            let again = try Self.scan("\(out)/lan.yaml", into: "\(out)/again")
            check = try ScanBenchCLI.scanbench([
                "fixture", "from-capture", original, "--check", twin, "--repeat", again,
            ])
            #expect(check.stdout.contains("ceiling: the original against its repeat"), "\(check.stdout)")
            count = try #require(Self.matchCount(check.stdout), "\(check.stdout)\(check.stderr)")
        }
        // Every device of the LAN answered (the gateway and 249 others), and 98 % of them match.
        #expect(count.total >= 245, "\(check.stdout)")
        #expect(
            count.matching * 100 >= count.total * 98,
            "\(check.stdout.split(separator: "\n").filter { $0.hasPrefix("DIFF") || !$0.hasPrefix("match") }.joined(separator: "\n"))"
        )
    }
}
