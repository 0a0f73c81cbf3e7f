import Foundation
import Testing
import Gate
import Results
import SyntheticRuns

/// Runs the built `scanbench` binary (`swift build` first; `$SCANBENCH_BIN` overrides the path),
/// as CI would, and checks exit statuses and files.
enum ScanBenchBinary {
    /// The checkout this file is in.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["SCANBENCH_BIN"] { return path }
        return packageRoot + "/.build/debug/scanbench"
    }()

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }
}

@Suite("scanbench report and compare", .enabled(if: ScanBenchBinary.isBuilt, "build scanbench first (swift build)"))
struct CommandLineTests {
    static var binary: String { ScanBenchBinary.path }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `scanbench` (or `program`, e.g. `scanbench-app` beside it) with `arguments` to its end.
    static func scanbench(_ arguments: [String], program: String = binary) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }

    /// A scratch directory with the results of one strategy each and of all seven.
    static func scratch() throws -> String {
        let directory = NSTemporaryDirectory() + "scanbench-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try SyntheticResults.document(strategies: ["scanbench-best"]).write(to: directory + "/best.json")
        try SyntheticResults.document(strategies: ["review-baseline"]).write(to: directory + "/baseline.json")
        // Seven strategies: 112 tests, so a flag needs 4 draws (docs/REPORTS.md); five repetitions give them.
        try SyntheticResults.document(repetitions: 5, seed: 42).write(to: directory + "/all.json")
        return directory
    }

    @Test("compare exits 1 when CURRENT is review-baseline and BASELINE is scanbench-best, 0 on the same file twice")
    func compareExitStatuses() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let regression = try Self.scanbench([
            "compare", directory + "/best.json", directory + "/baseline.json", "--out", directory + "/cmp.md",
        ])
        #expect(regression.status == 1, "\(regression.stderr)")
        #expect(regression.stdout.contains("**REGRESSED**"))
        #expect(regression.stderr.contains("verdict: REGRESSED"))
        #expect(try String(contentsOfFile: directory + "/cmp.md", encoding: .utf8) == regression.stdout)
        let same = try Self.scanbench(["compare", directory + "/all.json", directory + "/all.json"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("**PASS**"))
        let within = try Self.scanbench([
            "compare", directory + "/all.json", directory + "/all.json",
            "--baseline-strategy", "scanbench-best", "--current-strategy", "review-baseline",
        ])
        #expect(within.status == 1)
    }

    @Test(
        "compare exits 4 on IMPROVED and 3 on INCONCLUSIVE, naming each missing cell on stderr under an unchanged 'verdict:' line"
    )
    func compareImprovedAndInconclusive() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let improved = try Self.scanbench(["compare", directory + "/baseline.json", directory + "/best.json"])
        #expect(improved.status == 4, "\(improved.stderr)")
        #expect(improved.stderr.split(separator: "\n").contains("verdict: IMPROVED"))
        var lacking = try ResultsDocument.load(directory + "/all.json")
        lacking.runs.removeAll { $0.strategy == "netmonitor-2.0" }
        try lacking.write(to: directory + "/lacking.json")
        let missing = try Self.scanbench(["compare", directory + "/all.json", directory + "/lacking.json"])
        #expect(missing.status == 3, "\(missing.stderr)")
        let lines = missing.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("verdict: INCONCLUSIVE"))
        #expect(
            lines.contains(
                "  not judged: home · scan · netmonitor-2.0: 5 successful runs in the baseline, none in the current file"
            ),
            "\(lines)"
        )
        let help = try Self.scanbench(["compare", "--help"])
        for status in CompareExitStatus.allCases where status != .stepFailed {
            #expect(
                help.stdout.contains("\(status.rawValue)  \(status.meaning.prefix(30))"),
                "compare --help lacks exit status \(status.rawValue)"
            )
        }
    }

    @Test(
        "baseline manifest writes inputs.sha256 beside the results; check exits 0 on a match, 3 when an input changed, 2 without a manifest"
    )
    func baselineManifest() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let root = ScanBenchBinary.packageRoot
        var document = try ResultsDocument.load(directory + "/all.json")
        document.plan = RecordedPlan(
            fixtures: ["tiny"],
            strategies: [.init(name: "netmonitor-2.0")],
            scenarios: [.init(name: "scan")],
            repetitions: 1
        )
        try document.write(to: directory + "/base.json")
        let none = try Self.scanbench(["baseline", "check", directory + "/base.json", "--root", root])
        #expect(none.status == 2 && none.stderr.contains("scanbench baseline manifest"), "\(none.stderr)")
        let written = try Self.scanbench(["baseline", "manifest", directory + "/base.json", "--root", root])
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: directory + "/inputs.sha256", encoding: .utf8)
        #expect(text.contains("  fixtures/lans/tiny.yaml\n") && text.contains("  Sources/Testbed/"))
        #expect(try Self.scanbench(["baseline", "check", directory + "/base.json", "--root", root]).status == 0)
        // The manifest as if the fixture had been another file when recorded.
        let stale = text.split(separator: "\n").map {
            $0.hasSuffix("  fixtures/lans/tiny.yaml")
                ? String(repeating: "0", count: 64) + "  fixtures/lans/tiny.yaml" : String($0)
        }
        try (stale.joined(separator: "\n") + "\n").write(
            toFile: directory + "/inputs.sha256",
            atomically: true,
            encoding: .utf8
        )
        let check = try Self.scanbench([
            "baseline", "check", directory + "/base.json", "--root", root, "--strategies-may-differ",
        ])
        #expect(
            check.status == 3 && check.stdout.contains("fixtures/lans/tiny.yaml (fixture) changed"),
            "\(check.stdout)"
        )
    }

    @Test(
        "run --dry-run checks every input as the run would: a misspelt key or a value out of range exits 2 with file, line and fix"
    )
    func dryRunValidates() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let preset = try String(
            contentsOfFile: ScanBenchBinary.packageRoot + "/fixtures/strategies/netmonitor-2.0.yaml",
            encoding: .utf8
        )
        let line =
            try #require(preset.components(separatedBy: "\n").firstIndex { $0.contains("host_concurrency:") }) + 1
        for (name, text, fix) in [
            (
                "misspelt", preset.replacingOccurrences(of: "host_concurrency:", with: "host_concurency:"),
                "did you mean 'host_concurrency'?"
            ),
            (
                "range", preset.replacingOccurrences(of: "host_concurrency: 40", with: "host_concurrency: -4"),
                "fix: write 1 to"
            ),
        ] {
            let file = "\(directory)/\(name).yaml"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let dry = try Self.scanbench([
                "run", "--dry-run", "--fixture", "tiny", "--strategy", file, "--out", "\(directory)/out",
            ])
            #expect(dry.status == 2, "\(name): \(dry.stderr)")
            #expect(
                dry.stderr.contains("\(file):\(line):") && dry.stderr.contains(fix)
                    && !dry.stderr.contains("nothing ran"),
                "\(name): \(dry.stderr)"
            )
        }
        let good = try Self.scanbench([
            "run", "--dry-run", "--fixture", "tiny", "--strategy", "netmonitor-2.0", "--out", "\(directory)/out",
        ])
        #expect(good.status == 0 && good.stderr.contains("every input loads; nothing ran"), "\(good.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/out/results.json"), "a dry run writes no results")
    }

    @Test("compare exits 2 on usage and input errors")
    func compareInputErrors() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = try Self.scanbench(["compare", directory + "/nope.json", directory + "/all.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read") && missing.stderr.contains("fix:"))
        let usage = try Self.scanbench(["compare", directory + "/all.json"])
        #expect(usage.status == 2, "\(usage.stderr)")
        try #"{"schema_version": 99}"#.write(toFile: directory + "/old.json", atomically: true, encoding: .utf8)
        #expect(try Self.scanbench(["compare", directory + "/old.json", directory + "/all.json"]).status == 2)
        try #"{"alpha": 7}"#.write(toFile: directory + "/t.json", atomically: true, encoding: .utf8)
        let thresholds = try Self.scanbench([
            "compare", directory + "/all.json", directory + "/all.json", "--thresholds", directory + "/t.json",
        ])
        #expect(thresholds.status == 2 && thresholds.stderr.contains("alpha must be"))
        let twoFiles = SyntheticResults.document(strategies: ["scanbench-best", "netmonitor-2.0"])
        try twoFiles.write(to: directory + "/two.json")
        let nothing = try Self.scanbench(["compare", directory + "/two.json", directory + "/baseline.json"])
        #expect(nothing.status == 2 && nothing.stderr.contains("in common"))
    }

    @Test("report writes report.md and the charts beside the results, or into --out")
    func report() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let beside = try Self.scanbench(["report", directory + "/all.json"])
        #expect(beside.status == 0, "\(beside.stderr)")
        let markdown = try String(contentsOfFile: directory + "/report.md", encoding: .utf8)
        #expect(markdown.contains("[all.json](all.json)"))
        #expect(FileManager.default.fileExists(atPath: directory + "/home-scan-tcp-in-flight.svg"))
        let elsewhere = try Self.scanbench(["report", directory + "/all.json", "--out", directory + "/out"])
        #expect(elsewhere.status == 0)
        let moved = try String(contentsOfFile: directory + "/out/report.md", encoding: .utf8)
        #expect(moved.contains("[../all.json](../all.json)"))
        #expect(try Self.scanbench(["report", directory + "/missing.json"]).status == 2)
    }

    @Test(
        "report and compare work on a sweep's results: the sweep section and its charts are written, compare reads the same file"
    )
    func sweepResults() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try SyntheticSweep.document().write(to: directory + "/sweep.json")
        let report = try Self.scanbench(["report", directory + "/sweep.json", "--out", directory + "/sweep"])
        #expect(report.status == 0, "\(report.stderr)")
        let markdown = try String(contentsOfFile: directory + "/sweep/report.md", encoding: .utf8)
        #expect(markdown.contains("## Sweep") && markdown.contains("+79 % (+200)"))
        #expect(
            FileManager.default.fileExists(atPath: directory + "/sweep/home-scan-sweep-arp-only-wire.tcp_attempts.svg")
        )
        // Every variant is a strategy with few runs: more tests than its draws can flag at α, so the
        // honest verdict is INCONCLUSIVE (exit 3), with how many draws it would take.
        let same = try Self.scanbench(["compare", directory + "/sweep.json", directory + "/sweep.json"])
        #expect(
            same.status == 3 && same.stdout.contains("**INCONCLUSIVE**") && same.stdout.contains("needs"),
            "\(same.stdout)\(same.stderr)"
        )
    }
}
