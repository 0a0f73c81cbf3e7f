import Foundation
import Testing
import Results

/// Runs the built `scanbench` binary (`swift build` first; `$SCANBENCH_BIN` overrides the path),
/// as CI would, and checks exit statuses and files.
enum ScanBenchBinary {
    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["SCANBENCH_BIN"] { return path }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/.build/debug/scanbench"
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

    static func scanbench(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
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
        let regression = try Self.scanbench(["compare", directory + "/best.json", directory + "/baseline.json", "--out", directory + "/cmp.md"])
        #expect(regression.status == 1, "\(regression.stderr)")
        #expect(regression.stdout.contains("**REGRESSED**"))
        #expect(regression.stderr.contains("verdict: REGRESSED"))
        #expect(try String(contentsOfFile: directory + "/cmp.md", encoding: .utf8) == regression.stdout)
        let same = try Self.scanbench(["compare", directory + "/all.json", directory + "/all.json"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("**PASS**"))
        let within = try Self.scanbench(["compare", directory + "/all.json", directory + "/all.json",
                                         "--baseline-strategy", "scanbench-best", "--current-strategy", "review-baseline"])
        #expect(within.status == 1)
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
        let thresholds = try Self.scanbench(["compare", directory + "/all.json", directory + "/all.json", "--thresholds", directory + "/t.json"])
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

    @Test("report and compare work on a sweep's results: the sweep section and its charts are written, compare reads the same file")
    func sweepResults() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try SyntheticSweep.document().write(to: directory + "/sweep.json")
        let report = try Self.scanbench(["report", directory + "/sweep.json", "--out", directory + "/sweep"])
        #expect(report.status == 0, "\(report.stderr)")
        let markdown = try String(contentsOfFile: directory + "/sweep/report.md", encoding: .utf8)
        #expect(markdown.contains("## Sweep") && markdown.contains("+79 % (+200)"))
        #expect(FileManager.default.fileExists(atPath: directory + "/sweep/home-scan-sweep-arp-only-wire.tcp_attempts.svg"))
        // Every variant is a strategy with few runs: more tests than its draws can flag at α, so the
        // honest verdict is INCONCLUSIVE (exit 2), with how many draws it would take.
        let same = try Self.scanbench(["compare", directory + "/sweep.json", directory + "/sweep.json"])
        #expect(same.status == 2 && same.stdout.contains("**INCONCLUSIVE**") && same.stdout.contains("needs"), "\(same.stdout)\(same.stderr)")
    }
}
