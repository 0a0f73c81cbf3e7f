import ArgumentParser
import Foundation
import Gate
import Results

/// `scanbench baseline check RESULTS`: whether a baseline still matches the tree it ships with.
struct BaselineCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Recompute RESULTS' inputs and compare them with its manifest: a stale baseline exits 3 (INCONCLUSIVE).",
        discussion: """
            Prints 'inputs: match' (exit 0), or 'inputs: STALE' and one line per input that changed, \
            is new or is gone, with how to re-record (exit 3); a missing or unreadable manifest or \
            results file exits 2. --strategies-may-differ leaves the plan's strategy files out: \
            scanbench gate judges a strategy change against the baseline, so that one may differ.
            """
    )

    @Argument(help: "The baseline's results.json.")
    var results: String

    @Option(help: "The manifest (default: inputs.sha256 beside RESULTS).")
    var manifest: String?

    @Option(
        help:
            "The checkout the baseline ships with (default: the nearest directory above RESULTS with a Package.swift, else the current directory)."
    )
    var root: String?

    @Flag(help: "Do not count the plan's strategy files: the change a gate judges.")
    var strategiesMayDiffer = false

    func run() throws {
        let check: (stale: Bool, text: String)
        do {
            check = try Self.check(
                results,
                manifest: manifest ?? Self.besideResults(results),
                root: root ?? Self.checkout(of: results),
                strategiesMayDiffer: strategiesMayDiffer
            )
        } catch let error as ResultsError {
            Self.fail(error.description)
        }
        print(check.text)
        if check.stale { throw ExitCode(CompareExitStatus.inconclusive.rawValue) }
    }

    /// Whether `results` still matches the tree at `root`, and the lines that say so (each changed,
    /// new or gone input when it is stale). `scanbench gate` asks it before any run.
    /// - Throws: `CompareInputError` (`ResultsError`) for a missing or unreadable manifest or results file.
    static func check(
        _ results: String,
        manifest file: String,
        root: String,
        strategiesMayDiffer: Bool
    )
        throws -> (stale: Bool, text: String)
    {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw CompareInputError(
                "\(results) has no inputs manifest (\(file)), so whether it matches this tree cannot be told",
                fix: "record the baseline again and write its manifest: scanbench baseline manifest \(results)"
            )
        }
        let recorded = try InputsManifest.parse(text, file: file)
        let now = try InputsManifest.current(of: try ResultsDocument.load(results), root: root)
        let differences = now.differences(from: recorded, strategiesMayDiffer: strategiesMayDiffer)
        guard !differences.isEmpty else { return (false, "inputs: match (\(file))") }
        let lines =
            [
                "inputs: STALE — \(results) was recorded with other inputs than this tree has, so its numbers are not this tree's:"
            ] + differences.map { "  \($0)" }
            + ["  fix: re-record the baseline (\(rerecordHint(results))), then scanbench baseline manifest \(results)"]
        return (true, lines.joined(separator: "\n"))
    }

    /// How the committed baselines are recorded again.
    static func rerecordHint(_ results: String) -> String {
        if results.hasSuffix("ci/baseline/results.json") {
            return "sudo scripts/ci-gate \(results) --refresh -- $SCANBENCH_PLAN, which writes the manifest too"
        }
        if results.hasSuffix("reports/reference/results.json") { return "the commands in reports/reference/README.md" }
        return "the commands that recorded it"
    }

    /// inputs.sha256 in the directory of `results`.
    static func besideResults(_ results: String) -> String {
        (((results as NSString).deletingLastPathComponent as NSString).appendingPathComponent(InputsManifest.fileName)
            as String)
    }

    /// The nearest directory at or above `results`' with a Package.swift, else the current directory.
    static func checkout(of results: String) -> String {
        var path = URL(fileURLWithPath: results).standardizedFileURL.deletingLastPathComponent().path
        while true {
            if FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("Package.swift")) {
                return path
            }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { return FileManager.default.currentDirectoryPath }
            path = parent
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(CompareExitStatus.inputError.rawValue)
    }
}
