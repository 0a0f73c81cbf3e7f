import Foundation
import Results
import Spawn

/// A child `scanbench run`, as the commands that drive the harness start it (`gate`'s shards and
/// confirmation rerun, `predict`'s runs on a twin): its output into DIRECTORY/run.log and echoed to
/// stderr as it comes, judged by its exit status (`RunExitStatus`) and the results.json it wrote.
enum HarnessChild {
    /// The child could not be started, or ended without results to read.
    struct Failure: Error {
        var message: String
        var fix: String
    }

    /// Runs `scanbench ARGUMENTS` (which must write DIRECTORY/results.json) and returns the results
    /// and how many of its runs failed. A run that ended with some failed runs still has results;
    /// any other ending is a `Failure` naming the log.
    /// - Parameter what: the step's name in messages ("shard 1/2", "the runs on the twin").
    static func run(
        _ arguments: [String],
        directory: String,
        what: String
    ) async throws(Failure) -> (document: ResultsDocument, failedRuns: Int) {
        let log = "\(directory)/run.log", results = "\(directory)/results.json"
        guard FileManager.default.createFile(atPath: log, contents: nil) else {
            throw Failure(message: "cannot create \(log)", fix: "choose a writable --out")
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                [Terminal.executablePath] + arguments,
                stdout: .file(log),
                stderr: .file(log)
            )
        } catch {
            throw Failure(message: "cannot start \(what): \(error.message)", fix: error.fix)
        }
        let status = await echo(log, until: child)
        let document = try? ResultsDocument.load(results)
        switch (RunExitStatus(rawValue: status), document) {
        case (.ok, let document?):
            return (document, 0)
        case (.someRunsFailed, let document?):
            return (document, document.runs.filter { $0.status != .ok }.count)
        default:
            throw Failure(
                message:
                    "\(what): 'scanbench run' exited with \(status)\(document == nil ? " and wrote no readable results.json" : "") (its output: \(log))",
                fix: "fix what its last lines name; 'scanbench testbed down' removes a LAN it left behind"
            )
        }
    }

    /// Copies what the child appends to `log` onto stderr until the child ends; its exit status.
    private static func echo(_ log: String, until child: ChildProcess) async -> Int32 {
        let reader = FileHandle(forReadingAtPath: log)
        defer { try? reader?.close() }
        func drain() {
            if let data = try? reader?.readToEnd(), !data.isEmpty { FileHandle.standardError.write(data) }
        }
        while true {
            if let status = child.endedStatus() {
                drain()
                return status
            }
            drain()
            if Task.isCancelled { return child.wait() }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }
}
