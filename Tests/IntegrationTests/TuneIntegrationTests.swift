import Foundation
import Spawn
import Testing
import Testbed

/// `scanbench tune` end to end on the tiny LAN: a search of two candidates around an ARP-only
/// strategy (the shortest scan that finds the LAN), interrupted with Ctrl-C after its first run and
/// resumed by the same command; the front written as strategy files that load.
@Suite("scanbench tune", .tags(.integration), .serialized)
struct TuneIntegrationTests {
    @Test(
        "interrupted after its first run and resumed: measured runs kept, the rest run once, the front written and loadable"
    )
    func interruptedAndResumed() throws {
        let base = NSTemporaryDirectory() + "tune-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let strategy = "\(base)/arp-only.yaml"
        try ProcessActivityIntegrationTests.strategy.write(toFile: strategy, atomically: true, encoding: .utf8)
        let out = "\(base)/out"
        let arguments = [
            "tune", "--fixture", "tiny", "--base", strategy, "--reference", strategy, "--max-candidates", "2",
            "--budget-minutes", "10", "--seed", "5", "--out", out,
        ]
        let testbedsBefore = Set(TestbedState.allIDs())

        // One lane, so the search cannot end first: interrupted a second into the first candidate's
        // run, once the base's run is in results.json.
        let child = try ChildProcess.spawn([ScanBenchCLI.binary] + arguments, stderr: .file("\(base)/first.log"))
        defer {
            for id in Set(TestbedState.allIDs()).subtracting(testbedsBefore) {
                _ = try? ScanBenchCLI.scanbench(["testbed", "down", "--id", id])
            }
        }
        var measured = 0
        for _ in 0..<1200 where measured == 0 {
            usleep(100_000)
            measured = (try? Self.runs(out).count) ?? 0
        }
        #expect(measured >= 1, "the first run never reached results.json")
        var scanning: String?
        for _ in 0..<300 where scanning == nil {
            usleep(100_000)
            scanning = Set(TestbedState.allIDs()).subtracting(testbedsBefore).first {
                TestbedState.load(id: $0)?.phase == .ready
            }
        }
        usleep(1_000_000)
        kill(child.pid, SIGINT)
        #expect(child.wait() == 130)
        let log = (try? String(contentsOfFile: "\(base)/first.log", encoding: .utf8)) ?? ""
        #expect(log.contains("resume with the same command"), "\(log)")
        #expect(Set(TestbedState.allIDs()).subtracting(testbedsBefore).isEmpty, "Ctrl-C left a LAN up")
        // What finished ok is kept; the run Ctrl-C cut short (recorded as failed) is run again.
        let kept = try Self.runs(out).filter { $0["status"] as? String == "ok" }
        #expect(kept.count >= 1)
        let record = try #require(try Self.document(out)["tune"] as? [String: Any])
        #expect(record["seed"] as? Int == 5 && record["finished"] as? Bool == false, "\(record)")

        // The same command resumes: the runs measured are not run again.
        let again = try ScanBenchCLI.scanbench(arguments + ["--json"], timeout: 300)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("resuming the search in \(out)/results.json"), "\(again.stderr)")
        let runs = try Self.runs(out)
        #expect(
            runs.count == 3,
            "the base and two candidates, one run each on tiny: \(runs.map { $0["strategy"] ?? "?" })"
        )
        for before in kept {
            #expect(
                runs.contains {
                    $0["strategy"] as? String == before["strategy"] as? String
                        && $0["pcap"] as? String == before["pcap"] as? String
                        && $0["sequence"] as? Int == before["sequence"] as? Int
                },
                "a measured run was run again: \(before["strategy"] ?? "?")"
            )
        }
        #expect(Set(runs.compactMap { $0["strategy"] as? String }) == ["arp-only", "tune-001", "tune-002"])
        #expect(runs.allSatisfy { $0["status"] as? String == "ok" && $0["seed"] as? Int == 5 })
        let document = try Self.document(out)
        #expect(document["schema_version"] as? Int == 4)
        let tune = try #require(document["tune"] as? [String: Any])
        #expect(tune["finished"] as? Bool == true)
        let candidates = try #require(tune["candidates"] as? [[String: Any]])
        #expect(candidates.compactMap { $0["origin"] as? String } == ["base", "bracket 1", "bracket 1"])
        for candidate in candidates.dropFirst() {
            let overrides = try #require(candidate["overrides"] as? [String: String])
            #expect(
                !overrides.isEmpty && overrides.keys.allSatisfy { !$0.hasSuffix("port") && !$0.hasSuffix("ports") },
                "\(overrides)"
            )
        }

        // --json: the analysis; the front as files with their header, each loadable as a strategy.
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any],
            "\(again.stdout)"
        )
        let front = try #require(json["front"] as? [String])
        #expect(!front.isEmpty && front == tune["front"] as? [String])
        #expect((json["rows"] as? [[String: Any]])?.count == 3)
        for name in front {
            let file = "\(out)/front/\(name).yaml"
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(
                text.hasPrefix("# \(name): on the Pareto front of `scanbench tune --fixture tiny"),
                "\(text.prefix(300))"
            )
            let loads = try ScanBenchCLI.scanbench(["tune", "--fixture", "tiny", "--base", file, "--list"])
            #expect(loads.status == 0, "\(file): \(loads.stderr)")
        }
        let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
        #expect(report.contains("## Tune: 2 candidates around `arp-only`"), "\(report.prefix(600))")

        // Another search into the same directory is refused, naming what differs.
        let clash = try ScanBenchCLI.scanbench(arguments.map { $0 == "5" ? "6" : $0 })
        #expect(clash.status != 0 && clash.stderr.contains("seed: 5 here, 6 asked"), "\(clash.stderr)")
        #expect(try Self.runs(out).count == 3)
    }

    static func document(_ out: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/results.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func runs(_ out: String) throws -> [[String: Any]] {
        try document(out)["runs"] as? [[String: Any]] ?? []
    }
}
