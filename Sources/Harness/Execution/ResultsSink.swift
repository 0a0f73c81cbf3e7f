import Foundation
import Platform
import Results

/// Collects run results from the lanes, writes results.json after each one (so an interrupted
/// run keeps what it measured) and reports progress. Each run is held as its encoded JSON
/// (`EncodedResults`), not as a `RunResult`: the decoded form took about 0.25 MB of heap per run
/// and the job kept every one (docs/HARNESS.md, "The soak").
actor ResultsSink {
    private var results: EncodedResults
    private let path: String
    private let total: Int
    private let stamp: @Sendable (inout ResultsDocument) -> Void
    private let progress: @Sendable (String) -> Void
    private var done = 0
    /// Runs in results.json as this job last wrote it; nil before its first write.
    private var written: Int?
    private let started = MonotonicClock.now()

    /// - Throws: an `EncodingError` if a run of `document` cannot be encoded.
    init(
        document: ResultsDocument,
        path: String,
        total: Int,
        stamp: @escaping @Sendable (inout ResultsDocument) -> Void = { _ in },
        progress: @escaping @Sendable (String) -> Void
    ) throws {
        results = try EncodedResults(document)
        self.path = path
        self.total = total
        self.stamp = stamp
        self.progress = progress
    }

    func add(_ result: RunResult, seconds: Double) throws {
        done += 1
        try results.append(result)
        try save()
        progress(Self.line(result, done: done, total: total, seconds: seconds) + eta())
    }

    /// Writes results.json as it stands (atomically: a write that fails, a full disk say, leaves
    /// the file as the last write left it). Called once before the first run too, so a job killed
    /// before any run finished has a results.json that `--resume` continues.
    /// - Throws: `HarnessError` naming the file, the runs it still holds and how to go on.
    func save() throws {
        // Stamped every time: a `tune` killed before its first run must leave its record to resume.
        stamp(&results.head)
        do {
            try results.write(to: path)
            written = results.count
        } catch {
            let held =
                written.map { "it still holds the \($0) runs of its last write" } ?? "this job wrote nothing to it yet"
            throw HarnessError(
                "could not write \(path): \(Self.reason(error)); \(held)",
                fix:
                    "free space on its file system (df \((path as NSString).deletingLastPathComponent)), then run the same command with --resume: the runs already written are kept"
            )
        }
    }

    /// The operating system's reason for a failed write, e.g. "No space left on device".
    private static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return Errno(rawValue: Int32(underlying.code)).text
        }
        if (error as? CocoaError)?.code == .fileWriteOutOfSpace { return "No space left on device" }
        return "\(error)"
    }

    /// ", ETA 4 min" from the mean wall time per finished run so far (lanes included).
    private func eta() -> String {
        guard done < total else { return "" }
        let seconds = MonotonicClock.seconds(since: started) / Double(done) * Double(total - done)
        return seconds < 90 ? ", ETA \(Int(seconds.rounded())) s" : ", ETA \(Int((seconds / 60).rounded())) min"
    }

    func addPeers(_ peers: [PeerResult]) throws {
        results.head.peers += peers
        try save()
    }

    /// The whole document as results.json holds it, its runs decoded: for the end of the job.
    func document() throws -> ResultsDocument { try results.document() }

    /// One finished run, for the progress output: what it found and sent, or why it failed.
    static func line(_ result: RunResult, done: Int, total: Int, seconds: Double) -> String {
        let m = result.metrics
        let seed = result.seed.map { " seed \($0)" } ?? ""
        let head =
            "[\(done)/\(total)] \(result.fixture) \(result.strategy) \(result.scenario) r\(result.repetition)\(seed): "
        guard result.status == .ok else { return head + "\(result.status.rawValue) — \(result.error ?? "")" }
        var categories = ""
        if let correct = m.names.categoryCorrect, let total = m.names.categoryTotal {
            categories =
                ", \(correct)/\(total) categories"
                + (m.names.categoryProbeS.map { String(format: " (probe %.1f s)", $0) } ?? "")
        }
        return head + "\(m.yield.found)/\(m.yield.discoverable) devices, \(m.wire.tcpAttempts) TCP attempts, "
            + "peak \(m.wire.tcpPeakInFlight) in flight, \(String(format: "%.1f", m.durationS)) s scan\(categories)"
            + String(format: " (%.0f s with capture)", seconds)
    }
}
