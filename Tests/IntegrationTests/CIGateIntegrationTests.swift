import Foundation
import Testing

/// `scripts/ci-gate` (which hands its arguments to `scanbench gate`) end to end on the tiny LAN,
/// as docs/CI.md tells the NetMonitor team to use it: a seeded baseline made with `--refresh`, which records its plan; the unchanged strategy
/// gated against it with no plan in RUN-ARGS (the baseline's plan runs: pass), then a strategy
/// change that costs TCP attempts (regression, named in comparison.md and in the GitHub job
/// summary); and RUN-ARGS giving another plan refused before anything runs.
@Suite(
    "scripts/ci-gate",
    .tags(.integration),
    .serialized,
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
)
struct CIGateIntegrationTests {
    static let script = "\(ScanBenchCLI.packageRoot)/scripts/ci-gate"

    /// Runs the gate with the debug build the other integration tests use (no release build
    /// inside `swift test`, which holds the build directory's lock) and `summary` as the job summary.
    static func gate(_ arguments: [String], summary: String? = nil, timeout: Double = 300) throws -> ScanBenchCLI.Output
    {
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
        var yaml = try String(
            contentsOfFile: "\(ScanBenchCLI.packageRoot)/fixtures/strategies/netmonitor-2.0.yaml",
            encoding: .utf8
        )
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
        for phrase in ["USAGE: scanbench gate <baseline>", "--refresh", "--thresholds", "Exit status", "Examples"] {
            #expect(help.stdout.contains(phrase), "--help lacks '\(phrase)'")
        }
        let directory = NSTemporaryDirectory() + "ci-gate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A results file as 'scanbench run' without --seed writes it: environment.seed absent.
        let seedless = try Self.baseline(plan: nil, seed: nil, in: directory)
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

    /// A results.json as `--refresh` writes it, with `plan` (JSON) and no runs: enough for the
    /// checks before the first run, which never reach the runs.
    static func baseline(plan: String?, seed: Int? = 7, in directory: String) throws -> String {
        let path = "\(directory)/results.json"
        let planKey = plan.map { #""plan": \#($0), "# } ?? ""
        let seedKey = seed.map { #", "seed": \#($0)"# } ?? ""
        try #"""
        {"schema_version": 4, "generated_at": "2026-11-26T12:00:00Z", "reference_strategy": "netmonitor-2.0", \#(planKey)
         "environment": {"kernel": "6", "cpu": "x", "cores": 2, "memory_gib": 4, "swift_version": "6.3.1", "scanbench_version": "x",
                         "fixture_hashes": {}, "strategy_hashes": {}, "repetitions": 2, "shard": "merged 1/2 + 2/2"\#(seedKey)},
         "runs": [], "peers": []}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "RUN-ARGS that give another plan than the baseline's, a plan file that is gone and a baseline without a plan are refused with exit 2 before any run"
    )
    func otherPlanRefused() throws {
        let directory = NSTemporaryDirectory() + "ci-gate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let strategy = try Self.strategy(in: "\(directory)/before", [])
        let plan =
            #"{"fixtures": ["tiny"], "strategies": [{"name": "netmonitor-ci", "path": "\#(strategy)"}], "scenarios": [{"name": "scan"}], "#
            + #""repetitions": 2, "seed": 7, "peers": false}"#
        let baseline = try Self.baseline(plan: plan, in: directory)
        let out = "\(directory)/out"

        // Another fixture, and the same fixture with more repetitions and another strategy: each
        // difference named, with both ways out; no shard started (nothing under --out).
        let home = try Self.gate([
            baseline, "--out", out, "--", "--fixture", "home", "--strategy", strategy, "--repeat", "2", "--no-classify",
        ])
        #expect(home.status == 2, "\(home.stderr)")
        #expect(
            home.stderr.contains("RUN-ARGS give another plan than the one recorded in the baseline"),
            "\(home.stderr)"
        )
        #expect(home.stderr.contains("fixtures: tiny in the baseline; home in RUN-ARGS"), "\(home.stderr)")
        #expect(
            home.stderr.contains("drop the RUN-ARGS") && home.stderr.contains("--refresh -- RUN-ARGS"),
            "both fixes: \(home.stderr)"
        )
        let more = try Self.gate([
            baseline, "--out", out, "--", "--fixture", "tiny", "--strategy", "scanbench-best", "--repeat", "5",
            "--no-classify",
        ])
        #expect(more.status == 2, "\(more.stderr)")
        #expect(
            more.stderr.contains("strategies: netmonitor-ci in") && more.stderr.contains("repetitions: 2 in"),
            "\(more.stderr)"
        )
        #expect(!more.stderr.contains("fixtures:"), "only what differs: \(more.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing ran")

        // The plan's strategy file is gone: refused, naming it; the same plan with the file's new
        // path in RUN-ARGS would be accepted (the regression test gates a moved file that way).
        try FileManager.default.removeItem(atPath: strategy)
        let gone = try Self.gate([baseline, "--out", out])
        #expect(gone.status == 2, "\(gone.stderr)")
        #expect(
            gone.stderr.contains("reads files that are not here")
                && gone.stderr.contains("strategy netmonitor-ci: \(strategy)"),
            "\(gone.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: out), "nothing ran")

        // A seeded baseline from before plans were recorded: refused before the build, with the
        // refresh command and the plan its runs suggest.
        let old = try Self.baseline(plan: nil, in: directory)
        let planless = try Self.gate([old, "--out", out])
        #expect(planless.status == 2, "\(planless.stderr)")
        #expect(
            planless.stderr.contains("records no plan") && planless.stderr.contains("--refresh -- RUN-ARGS"),
            "\(planless.stderr)"
        )
        #expect(planless.stderr.contains("--repeat 2 --seed 7"), "the plan its runs suggest: \(planless.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing ran")
    }

    @Test(
        "refresh a seeded baseline on tiny in two shards; the same strategy passes, re-probing known hosts regresses on TCP attempts"
    )
    func refreshPassRegress() throws {
        let base = NSTemporaryDirectory() + "ci-gate-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        // netmonitor-2.0 without secondary ports for hosts whose primaries all timed out (the
        // review's P3): on tiny its TCP phase ends after ~9 s instead of being cut at 30 s, so a
        // run takes ~18 s and its counters repeat under one seed (its peaks move: shown, not tested).
        let p3 = ("secondary_policy: always", "secondary_policy: skip_when_all_primary_timed_out")
        let before = try Self.strategy(in: "\(base)/before", [p3])
        let baseline = "\(base)/ci/baseline/results.json"
        // Three repetitions: seeds 7, 8 and 9, three draws of tiny, the fewest with which a test of
        // this verdict (one strategy, eight metrics, both ways: 16 p-values) can flag anything.
        let plan = ["--fixture", "tiny", "--repeat", "3"]
        // The committed CI thresholds: timings shown, not tested (a baseline made on another
        // machine, docs/CI.md); every counter at its catalogue allowance.
        try FileManager.default.createDirectory(atPath: "\(base)/ci", withIntermediateDirectories: true)
        let thresholds = "\(base)/ci/thresholds.json"
        try #"{"alpha": 0.01, "metrics": {"duration_s": {"gate": false}, "time_to_90_percent_s": {"gate": false}}}"#
            .write(toFile: thresholds, atomically: true, encoding: .utf8)

        let refresh = try Self.gate(
            [baseline, "--refresh", "--shards", "2", "--out", "\(base)/refresh", "--"]
                + plan + ["--strategy", before, "--seed", "7", "--lanes", "2"]
        )
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stderr.contains("BASELINE REFRESHED"), "the refresh says so loudly: \(refresh.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any]
        )
        #expect((document["environment"] as? [String: Any])?["seed"] as? Int == 7)
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.count == 3, "both shards' runs are in the baseline")
        #expect(Set(runs.compactMap { $0["seed"] as? Int }) == [7, 8, 9], "repetition k ran with seed 7 + k − 1")
        // The baseline carries its plan: the strategy by its file, the repetitions, the seed.
        let recorded = try #require(document["plan"] as? [String: Any], "the baseline records its plan")
        #expect(
            recorded["fixtures"] as? [String] == ["tiny"] && recorded["repetitions"] as? Int == 3
                && recorded["seed"] as? Int == 7
        )
        #expect(
            recorded["strategies"] as? [[String: String]] == [["name": "netmonitor-ci", "path": before]],
            "\(recorded)"
        )

        // The refresh wrote the baseline's inputs manifest beside it. A stale one (the fixture was
        // another file when the baseline was recorded) is the verdict INCONCLUSIVE, exit 3, before
        // any run; a missing one is refused (exit 2).
        let manifest = "\(base)/ci/baseline/inputs.sha256"
        let inputs = Self.text(manifest)
        #expect(inputs.contains("  fixtures/lans/tiny.yaml\n") && inputs.contains("  \(before)\n"), "\(inputs)")
        let stale = inputs.split(separator: "\n").map {
            $0.hasSuffix("  fixtures/lans/tiny.yaml")
                ? String(repeating: "0", count: 64) + "  fixtures/lans/tiny.yaml" : String($0)
        }
        try (stale.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        let staleGate = try Self.gate([baseline, "--thresholds", thresholds, "--shards", "1", "--out", "\(base)/stale"])
        #expect(staleGate.status == 3, "\(staleGate.stderr)")
        #expect(
            staleGate.stderr.contains("fixtures/lans/tiny.yaml (fixture) changed")
                && staleGate.stderr.contains("verdict: INCONCLUSIVE"),
            "\(staleGate.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: "\(base)/stale/shard-1"), "nothing ran")
        try FileManager.default.removeItem(atPath: manifest)
        let manifestless = try Self.gate([
            baseline, "--thresholds", thresholds, "--shards", "1", "--out", "\(base)/stale",
        ])
        #expect(
            manifestless.status == 2 && manifestless.stderr.contains("no inputs manifest"),
            "\(manifestless.stderr)"
        )
        try inputs.write(toFile: manifest, atomically: true, encoding: .utf8)

        // The unchanged strategy against its baseline, with no plan in RUN-ARGS: the baseline's
        // plan runs (its fixture, strategy file, repetitions and seed): exit 0. --lanes does not
        // change the plan: one shard running both repetitions at once. The baseline's split into
        // two shards is not part of what it promises, and its counters repeat under the seed
        // whatever runs beside them.
        let summary = "\(base)/summary.md"
        let same = try Self.gate(
            [baseline, "--thresholds", thresholds, "--shards", "1", "--out", "\(base)/same", "--", "--lanes", "2"],
            summary: summary
        )
        #expect(same.status == 0, "\(Self.regressions(same.stdout))\n\(same.stdout)\(same.stderr)")
        #expect(same.stderr.contains("--seed 7"), "every shard ran with the baseline's seed: \(same.stderr)")
        #expect(
            same.stderr.contains("plan: the baseline's: 3 runs: tiny × 1 strategy × scan, × 3 repetitions, seed 7"),
            "\(same.stderr)"
        )
        let gated = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(base)/same/merged/results.json"))
            ) as? [String: Any]
        )
        #expect(
            (gated["runs"] as? [[String: Any]])?.map { $0["strategy"] as? String } == [
                "netmonitor-ci", "netmonitor-ci", "netmonitor-ci",
            ]
        )
        #expect(
            (gated["plan"] as? [String: Any])?["strategies"] as? [[String: String]] == [
                ["name": "netmonitor-ci", "path": before]
            ]
        )
        let passed = Self.text("\(base)/same/comparison.md")
        // Unchanged code passes: neither REGRESSED nor IMPROVED (the same evidence would be needed).
        #expect(passed.contains("**PASS**"), "\(Self.regressions(passed))\n\(passed)")
        #expect(!same.stderr.contains("confirming"), "nothing was flagged, so nothing was rerun: \(same.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(base)/same/report.md"))
        #expect(Self.text(summary).contains("# ScanBench comparison"), "the comparison went to the job summary")
        #expect(
            Self.text(summary).contains("## Decision\n\n| LAN · scenario | Recommended |"),
            "the report's decision table went to the job summary"
        )

        // The change under test: TCP probes hosts ARP already found (b6d1f1b reverted): more SYNs.
        let after = try Self.strategy(in: "\(base)/after", [p3, ("skip_known_hosts: true", "skip_known_hosts: false")])
        // RUN-ARGS that give the baseline's plan again, with the strategy file at another path
        // under the same name (as a pull request's edited file): allowed, and the edited file runs.
        // One shard running both repetitions at once: the regression is in the counters, which
        // concurrency does not move.
        let changed = try Self.gate(
            [baseline, "--thresholds", thresholds, "--shards", "1", "--out", "\(base)/changed", "--"]
                + plan + ["--strategy", after, "--lanes", "2"],
            summary: summary
        )
        #expect(changed.status == 1, "\(changed.stdout)\(changed.stderr)")
        let regressed = Self.text("\(base)/changed/comparison.md")
        #expect(regressed.contains("**REGRESSED**"), "\(regressed)")
        let regressions = Self.regressions(regressed)
        #expect(regressions.contains("**TCP attempts**"), "the regression is named: \(regressions)")
        // Confirmed by a rerun of just the flagged strategy on the same draws before it counts.
        #expect(changed.stderr.contains("confirming with a rerun of just those"), "\(changed.stderr)")
        #expect(regressed.contains("## Confirmation"), "\(regressed)")
        #expect(changed.stdout.contains("**REGRESSED**"), "the comparison is on stdout too")
        #expect(Self.text(summary).contains("**REGRESSED**"), "the regression went to the job summary")
    }
}
