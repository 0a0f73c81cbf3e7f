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
            Renders the strategy comparison (verdict, headline metrics with medians, ranges and \
            changes against the reference strategy, device yield matrix, accuracy tables, the \
            architecture review's expected outcomes, methodology, raw runs) and the charts it links \
            to. The same results always give byte-identical files. How to read it: docs/REPORTS.md.
            """
    )

    @Argument(help: "The results file written by `scanbench run`.")
    var results: String

    @Option(help: "Directory for report.md and the charts (default: the results file's directory).")
    var out: String?

    func run() throws {
        let document: ResultsDocument
        do {
            document = try ResultsDocument.load(results)
        } catch let error as ResultsError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(2)
        }
        let resultsURL = URL(fileURLWithPath: results).standardizedFileURL
        let directory = URL(fileURLWithPath: out ?? resultsURL.deletingLastPathComponent().path).standardizedFileURL
        let options = ReportOptions(
            metricsDocLink: RelativePath.link(from: directory, to: Self.metricsDoc(near: directory)),
            resultsLink: RelativePath.link(from: directory, to: resultsURL)
        )
        let written: [String]
        do {
            written = try Report(document: document, options: options).write(to: directory.path)
        } catch {
            FileHandle.standardError.write(Data("error: cannot write the report into \(directory.path): \(error.localizedDescription)\n  fix: choose a writable directory with --out\n".utf8))
            throw ExitCode(2)
        }
        for path in written { print(path) }
    }

    /// docs/METRICS.md of the checkout the report directory is in (searching upwards), else of the
    /// working directory.
    static func metricsDoc(near directory: URL) -> URL {
        var candidate = directory
        while candidate.path != "/" {
            let doc = candidate.appendingPathComponent("docs/METRICS.md")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) { return doc }
            candidate.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("docs/METRICS.md")
    }
}
