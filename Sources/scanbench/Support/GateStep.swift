import Foundation
import Gate
import Results

/// What `scanbench gate` does besides deciding: its output directory, progress on stderr, the
/// GitHub job summary, and the child `scanbench run`s it starts (shards, the confirmation rerun),
/// read by their exit statuses and results files only (`HarnessChild`).
struct GateStep: Sendable {
    /// A step that stops the gate before a verdict: its exit status, what happened and what to do.
    struct Failure: Error {
        var status: CompareExitStatus
        var message: String
        var fix: String

        init(_ status: CompareExitStatus, _ message: String, fix: String) {
            self.status = status
            self.message = message
            self.fix = fix
        }
    }

    /// Everything the gate writes goes under this directory (absolute).
    let out: String

    /// The job summary GitHub Actions shows (`$GITHUB_STEP_SUMMARY`), when there is one.
    let summaryPath = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }

    /// The largest summary GitHub accepts from one step is 1 MiB; past this the report stays in the artifact.
    static let summaryLimit = 1_000_000

    /// A progress line on stderr.
    func note(_ line: String) {
        FileHandle.standardError.write(Data("gate: \(line)\n".utf8))
    }

    /// The failure on stderr and in the job summary.
    func fail(_ failure: Failure) {
        note("error: \(failure.message)")
        if !failure.fix.isEmpty { note("  fix: \(failure.fix)") }
        summary(
            ["### ScanBench gate: error", "", failure.message, ""]
                + (failure.fix.isEmpty ? [] : ["Fix: \(failure.fix)"])
        )
    }

    /// Appends Markdown lines to the job summary, when there is one.
    func summary(_ lines: [String]) {
        guard let summaryPath, let handle = FileHandle(forWritingAtPath: summaryPath) ?? Self.created(summaryPath)
        else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// The comparison (or review) and the report into the job summary; the report (the last file)
    /// only when both fit GitHub's limit.
    func summarize(_ files: [String]) {
        let texts = files.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        guard texts.count == files.count, let report = files.last else { return }
        if texts.reduce(0, { $0 + $1.utf8.count }) > Self.summaryLimit {
            for text in texts.dropLast() { summary([text, ""]) }
            summary(["_The report (\(report)) is too large for the job summary; it is in the run's artifacts._"])
        } else {
            for text in texts { summary([text, ""]) }
        }
    }

    // MARK: files

    func makeDirectory(_ path: String) throws(Failure) {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw Failure(
                .stepFailed,
                "cannot create \(path): \(error.localizedDescription)",
                fix: "choose a writable --out"
            )
        }
    }

    func write(_ document: ResultsDocument, to path: String) throws(Failure) {
        do { try document.write(to: path) } catch {
            throw Failure(
                .stepFailed,
                "cannot write \(path): \(error.localizedDescription)",
                fix: "choose a writable --out, with room on its disk"
            )
        }
    }

    func write(_ text: String, to path: String) throws(Failure) {
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw Failure(
                .stepFailed,
                "cannot write \(path): \(error.localizedDescription)",
                fix: "choose a writable --out, with room on its disk"
            )
        }
    }

    // MARK: child commands

    /// `scanbench run ARGUMENTS` as a child (`HarnessChild`); the results it wrote. Some failed runs
    /// are results (compare counts them); any other ending is the step failing.
    func runHarness(_ arguments: [String], directory: String, what: String) async throws(Failure) -> ResultsDocument {
        do {
            let (document, failedRuns) = try await HarnessChild.run(arguments, directory: directory, what: what)
            if failedRuns > 0 {
                note("\(what): \(failedRuns) of \(document.runs.count) runs failed; the comparison counts them")
            }
            return document
        } catch {
            throw Failure(.stepFailed, error.message, fix: error.fix)
        }
    }

    private static func created(_ path: String) -> FileHandle? {
        FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
    }
}
