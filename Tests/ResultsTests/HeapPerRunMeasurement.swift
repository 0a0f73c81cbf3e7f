import Foundation
import Testing
@testable import Results

/// Issue 47's measurement of where a job's heap goes (docs/HARNESS.md, "The soak"): prints, does
/// not judge (RssAnon moves with whatever else the process does). Runs only when asked, each test
/// alone: `SCANBENCH_HEAP_MEASUREMENT=1 swift test --skip-build --filter HeapPerRunMeasurement/perRun`
/// (then `/transient`).
@Suite(
    "heap per run, decoded and encoded (a measurement)",
    .enabled(if: ProcessInfo.processInfo.environment["SCANBENCH_HEAP_MEASUREMENT"] != nil)
)
struct HeapPerRunMeasurement {
    /// The process's anonymous resident bytes.
    static func heap() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }

    @Test("heap kept after encoding the whole document vs splicing")
    func transient() throws {
        let path = EncodedResultsTests.root.appendingPathComponent("reports/adr016/results.json").path
        var document = try ResultsDocument.load(path)
        let base = document.runs
        for copy in 1..<8 {
            document.runs += base.map {
                var r = $0; r.sequence += copy * 1000; return r
            }
        }
        let spliced = try EncodedResults(document)
        let start = Self.heap()
        var sizes = 0
        for _ in 0..<3 { sizes += try spliced.data().count }
        let afterSplice = Self.heap()
        for _ in 0..<3 { sizes += try document.encoded().count }
        let afterWhole = Self.heap()
        print(
            "transient: \(document.runs.count) runs, file \(sizes / 6) bytes; RssAnon kept after 3 spliced writes +\(afterSplice - start), after 3 whole encodes +\(afterWhole - afterSplice)"
        )
    }

    @Test("heap per run: decoded vs encoded")
    func perRun() throws {
        let path = EncodedResultsTests.root.appendingPathComponent("reports/adr016/results.json").path
        let size = FileManager.default.contents(atPath: path)?.count ?? 0
        let copies = 10
        var runs = 0
        let before = Self.heap()
        var kept: [ResultsDocument] = []
        for _ in 0..<copies { let d = try ResultsDocument.load(path); runs += d.runs.count; kept.append(d) }
        let decoded = Self.heap() - before
        let before2 = Self.heap()
        var encodedKept: [EncodedResults] = []
        for document in kept { encodedKept.append(try EncodedResults(document)) }
        let encoded = Self.heap() - before2
        print(
            "per run: file \(size) bytes, \(size / 60) per run; decoded \(decoded / runs) bytes per run; encoded \(encoded / runs) bytes per run (\(runs) runs)"
        )
        #expect(kept.count == copies && encodedKept.count == copies)
    }
}
