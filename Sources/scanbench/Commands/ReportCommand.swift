import ArgumentParser
import Foundation
import Report
import Results

/// `scanbench report RESULTS.json [--out DIR]`: report.md and the SVG charts from a results file.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write report.md and its SVG charts from a results.json.",
        discussion: """
            Renders the strategy comparison and the charts it links to. report.md is the decision: \
            per fixture and scenario and per suite, the recommended strategy, its yield and whole \
            session's cost against the reference strategy, and the trade-off on the Pareto front; \
            the detail is in files beside it: report-<fixture>-<scenario>.md (verdict, Pareto \
            front, headline metrics with medians, ranges and changes against the reference, device \
            yield, categories), report-suite.md, report-tools.md (accuracy tables, the \
            architecture review's expected outcomes) and report-methodology.md (methodology, raw \
            runs). The same results always give byte-identical files. How to read it: docs/REPORTS.md.
            """
    )

    @Argument(help: "The results file written by `scanbench run`.")
    var results: String

    @Option(help: "Directory for report.md, its detail files and the charts (default: the results file's directory).")
    var out: String?

    func run() throws {
        let document: ResultsDocument
        do {
            document = try ResultsDocument.load(results)
        } catch let error as ResultsError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(2)
        }
        let directory = out ?? URL(fileURLWithPath: results).deletingLastPathComponent().path
        let written: [String]
        do {
            written = try Self.render(document, resultsPath: results, into: directory)
        } catch {
            FileHandle.standardError.write(
                Data(
                    "error: cannot write the report into \(directory): \(error.localizedDescription)\n  fix: choose a writable directory with --out\n"
                        .utf8
                )
            )
            throw ExitCode(2)
        }
        for path in written { print(path) }
    }

    /// Writes report.md, its detail files and the charts for `document` (read from `resultsPath`) into `directory`,
    /// with links relative to it; `scanbench run` calls this after writing results.json.
    /// - Returns: the paths written.
    /// - Throws: file-system errors when the directory cannot be created or written.
    @discardableResult
    static func render(_ document: ResultsDocument, resultsPath: String, into directory: String) throws -> [String] {
        let resultsURL = URL(fileURLWithPath: resultsPath).standardizedFileURL
        let directoryURL = URL(fileURLWithPath: directory).standardizedFileURL
        let options = ReportOptions(directory: directoryURL, results: resultsURL)
        return try Report(document: document, options: options).write(to: directoryURL.path)
    }
}
