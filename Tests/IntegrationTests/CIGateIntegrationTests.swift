import Foundation
import Testing

/// `scripts/ci-gate` end to end on the tiny LAN, as docs/CI.md tells the NetMonitor team to use
/// it: a seeded baseline made with `--refresh`, the unchanged strategy gated against it (pass),
/// then a strategy change that costs TCP attempts (regression, named in comparison.md and in the
/// GitHub job summary).
@Suite("scripts/ci-gate", .tags(.integration), .serialized)
struct CIGateIntegrationTests {
    static let script = "\(ScanBenchCLI.packageRoot)/scripts/ci-gate"

    /// Runs the gate with the debug build the other integration tests use (no release build
    /// inside `swift test`, which holds the build directory's lock) and `summary` as the job summary.
    static func gate(_ arguments: [String], summary: String? = nil, timeout: Double = 300) throws -> ScanBenchCLI.Output {
        var environment = ["SCANBENCH_BIN=\(ScanBenchCLI.binary)"]
        if let summary { environment.append("GITHUB_STEP_SUMMARY=\(summary)") }
        return try ScanBenchCLI.run(["/usr/bin/env"] + environment + [script] + arguments, timeout: timeout)
    }

    static func text(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// The "## Regressions" list of a comparison, or "" when it has none. Failure messages start
    /// with it: scripts/test prints only a failed expectation's first lines, and CI's log of a
    /// flaky gate once showed "2 metrics worse" without naming them.
    static func regressions(_ comparison: String) -> String {
        comparison.components(separatedBy: "## Regressions").dropFirst().first?.components(separatedBy: "\n## ").first?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// netmonitor-2.0 with `edits` (old → new lines) applied, saved as `directory/netmonitor-ci.yaml`:
    /// the same file name, so baseline and current pair as one strategy, as when the team edits a
    /// preset in a pull request.
    static func strategy(in directory: String, _ edits: [(String, String)]) throws -> String {
        var yaml = try String(contentsOfFile: "\(ScanBenchCLI.packageRoot)/fixtures/strategies/netmonitor-2.0.yaml", encoding: .utf8)
        for (old, new) in edits {
            #expect(yaml.contains(old), "netmonitor-2.0.yaml no longer has '\(old)'")
            yaml = yaml.replacingOccurrences(of: old, with: new)
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/netmonitor-ci.yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("--help teaches with examples; a baseline without a seed is refused with exit 2 and the way to refresh it")
    func helpAndSeedlessBaseline() throws {
        let help = try Self.gate(["--help"])
        #expect(help.status == 0, "\(help.stderr)")
        for phrase in ["Usage: scripts/ci-gate BASELINE.json", "--refresh", "--thresholds", "Exit status", "Examples"] {
            #expect(help.stdout.contains(phrase), "--help lacks '\(phrase)'")
        }
        let directory = NSTemporaryDirectory() + "ci-gate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A results file as 'scanbench run' without --seed writes it: environment.seed absent.
        let seedless = "\(directory)/results.json"
        try #"{"schema_version": 1, "environment": {"repetitions": 1, "shard": "1/1"}, "runs": []}"#
            .write(toFile: seedless, atomically: true, encoding: .utf8)
        let refused = try Self.gate([seedless, "--out", "\(directory)/out", "--", "--fixture", "tiny"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("has no seed"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--refresh"), "the message says how to refresh: \(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/out"), "nothing ran")
        let missing = try Self.gate(["\(directory)/none.json", "--", "--fixture", "tiny"])
        #expect(missing.status == 2 && missing.stderr.contains("does not exist"), "\(missing.stderr)")
        let misplaced = try Self.gate([seedless, "--", "--shard", "1/2"])
        #expect(misplaced.status == 2 && misplaced.stderr.contains("--shards"), "\(misplaced.stderr)")
    }

    @Test("refresh a seeded baseline on tiny in two shards; the same strategy passes, re-probing known hosts regresses on TCP attempts")
    func refreshPassRegress() throws {
        let base = NSTemporaryDirectory() + "ci-gate-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        // netmonitor-2.0 without secondary ports for hosts whose primaries all timed out (the
        // review's P3): on tiny its TCP phase ends after ~9 s instead of being cut at 30 s, so a
        // run takes ~18 s and its counters repeat under one seed, but for the two peaks below.
        let p3 = ("secondary_policy: always", "secondary_policy: skip_when_all_primary_timed_out")
        let before = try Self.strategy(in: "\(base)/before", [p3])
        let baseline = "\(base)/ci/baseline/results.json"
        let plan = ["--fixture", "tiny", "--repeat", "2"]
        // The two peaks depend on timing, not only on the seed: with seed 7, twenty runs of this
        // strategy gave 14-20 SYNs in flight (the enrichment race) and 72-83 connection objects
        // alive at once. Two runs a side cannot average that out, so they get the slack a
        // thresholds file is for (docs/CI.md): medians of two runs can be 6 apart (14 and 20), and
        // 8 connections. Packets and bytes moved by up to 2.6 % (ARP retries): compare never makes
        // them exact. TCP attempts, devices and connections created repeated in all twenty.
        try FileManager.default.createDirectory(atPath: "\(base)/ci", withIntermediateDirectories: true)
        let thresholds = "\(base)/ci/thresholds.json"
        try #"{"metrics": {"wire.tcp_peak_in_flight": {"absolute": 8}, "stack.peak_in_flight": {"relative_percent": 15}}}"#
            .write(toFile: thresholds, atomically: true, encoding: .utf8)

        let refresh = try Self.gate([baseline, "--refresh", "--shards", "2", "--out", "\(base)/refresh", "--"]
                                    + plan + ["--strategy", before, "--seed", "7"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stderr.contains("BASELINE REFRESHED"), "the refresh says so loudly: \(refresh.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        #expect((document["environment"] as? [String: Any])?["seed"] as? Int == 7)
        #expect((document["runs"] as? [[String: Any]])?.count == 2, "both shards' runs are in the baseline")

        // The unchanged strategy against its baseline, seed taken from the baseline: exit 0. One
        // shard running both repetitions at once: the baseline's split into two shards is not part
        // of what it promises, and its counters repeat under the seed whatever runs beside them.
        let summary = "\(base)/summary.md"
        let same = try Self.gate([baseline, "--thresholds", thresholds, "--shards", "1", "--out", "\(base)/same", "--"]
                                 + plan + ["--strategy", before, "--jobs", "2"], summary: summary)
        #expect(same.status == 0, "\(Self.regressions(same.stdout))\n\(same.stdout)\(same.stderr)")
        #expect(same.stderr.contains("--seed 7"), "every shard ran with the baseline's seed: \(same.stderr)")
        let passed = Self.text("\(base)/same/comparison.md")
        #expect(passed.contains("**PASS**") || passed.contains("**IMPROVED**"), "\(Self.regressions(passed))\n\(passed)")
        #expect(FileManager.default.fileExists(atPath: "\(base)/same/report.md"))
        #expect(Self.text(summary).contains("# ScanBench comparison"), "the comparison went to the job summary")

        // The change under test: TCP probes hosts ARP already found (b6d1f1b reverted): more SYNs.
        let after = try Self.strategy(in: "\(base)/after", [p3, ("skip_known_hosts: true", "skip_known_hosts: false")])
        // One shard running both repetitions at once: the regression is in the counters, which
        // concurrency does not move, and the peaks have the thresholds file's slack.
        let changed = try Self.gate([baseline, "--thresholds", thresholds, "--shards", "1", "--out", "\(base)/changed", "--"]
                                    + plan + ["--strategy", after, "--jobs", "2"], summary: summary)
        #expect(changed.status == 1, "\(changed.stdout)\(changed.stderr)")
        let regressed = Self.text("\(base)/changed/comparison.md")
        #expect(regressed.contains("**REGRESSED**"), "\(regressed)")
        let regressions = Self.regressions(regressed)
        #expect(regressions.contains("**TCP attempts**"), "the regression is named: \(regressions)")
        #expect(changed.stdout.contains("**REGRESSED**"), "the comparison is on stdout too")
        #expect(Self.text(summary).contains("**REGRESSED**"), "the regression went to the job summary")
    }
}
