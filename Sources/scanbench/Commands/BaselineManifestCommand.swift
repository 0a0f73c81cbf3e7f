import ArgumentParser
import Foundation
import Gate
import Results

/// `scanbench baseline manifest RESULTS`: writes the inputs manifest of a baseline just recorded.
struct BaselineManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Write RESULTS' inputs manifest (default: inputs.sha256 beside it), from the tree as it is now.",
        discussion: """
            Run it right after recording a baseline, from the checkout that recorded it, and commit \
            the manifest with the results. scanbench gate --refresh runs it for you.
            Example: scanbench baseline manifest reports/reference/results.json

            Exit status: 0 written, 2 a file that cannot be read or written (an input the plan names is gone).
            """
    )

    @Argument(help: "The baseline's results.json.")
    var results: String

    @Option(help: "Where to write the manifest (default: inputs.sha256 beside RESULTS).")
    var out: String?

    @Option(
        help:
            "The checkout the baseline ships with (default: the nearest directory above RESULTS with a Package.swift, else the current directory)."
    )
    var root: String?

    func run() throws {
        let file = out ?? BaselineCheckCommand.besideResults(results)
        do {
            print(try Self.write(results, to: file, root: root ?? BaselineCheckCommand.checkout(of: results)))
        } catch let error as ResultsError {
            BaselineCheckCommand.fail(error.description)
        } catch {
            BaselineCheckCommand.fail(
                "error: cannot write \(file): \(error.localizedDescription)\n  fix: choose a writable path for --out"
            )
        }
    }

    /// Writes the inputs manifest of `results` as the tree at `root` has them to `file`; the line
    /// that says so. `scanbench gate --refresh` calls it after writing the baseline.
    /// - Throws: `ResultsError` for an unreadable results file or a missing input; a file error.
    static func write(_ results: String, to file: String, root: String) throws -> String {
        let manifest = try InputsManifest.current(of: try ResultsDocument.load(results), root: root)
        try Data(manifest.text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        return "wrote \(file) (\(manifest.entries.count) inputs)"
    }
}
