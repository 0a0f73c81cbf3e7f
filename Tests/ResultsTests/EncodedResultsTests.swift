import Foundation
import Testing
@testable import Results

@Suite("results.json from runs kept as their encoded bytes")
struct EncodedResultsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A recorded job's results.json with a peer row and a tune record added, so every top-level
    /// key around `runs` is present.
    static func recorded(_ path: String) throws -> ResultsDocument {
        var document = try ResultsDocument.load(root.appendingPathComponent(path).path)
        document.peers = [
            PeerResult(fixture: "home", tool: "nmap -sn", repetition: 1, found: 20, discoverable: 28, durationS: 2)
        ]
        document.tune = TuneRecordTests.record()
        return document
    }

    @Test(
        "runs added in any order give byte for byte the file the whole document's encoding gives, runs in sequence order",
        arguments: ["reports/faults/results.json", "reports/adr016/results.json"]
    )
    func splicedFileIsTheWholeEncoding(path: String) throws {
        let document = try Self.recorded(path)
        #expect(document.runs.count > 40)
        var head = document
        head.runs = []
        var encoded = try EncodedResults(head)
        #expect(try encoded.data() == head.encoded())
        var generator = SystemRandomNumberGenerator()
        for run in document.runs.shuffled(using: &generator) { try encoded.append(run) }
        var sorted = document
        sorted.runs.sort { $0.sequence < $1.sequence }
        let spliced = try encoded.data()
        #expect(spliced == (try sorted.encoded()))
        #expect(try encoded.document() == sorted)
        // And the file reads back as the same document.
        let file = NSTemporaryDirectory() + "encoded-results-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try encoded.write(to: file)
        #expect(try ResultsDocument.load(file) == sorted)
    }

    @Test("a run with empty arrays and text with newlines, quotes and slashes splices like the encoder writes it")
    func awkwardRun() throws {
        var document = ResultsDocumentTests.sample()
        var run = document.runs[0]
        run.devices = []
        run.error = "line one\n  \"runs\" : [\n\n  ]\ttab / slash"
        run.overrides = [:]
        run.sequence = 1
        document.runs.insert(run, at: 0)
        document.runs.sort { $0.sequence < $1.sequence }
        var head = document
        head.runs = []
        var encoded = try EncodedResults(head)
        for run in document.runs.reversed() { try encoded.append(run) }
        #expect(try encoded.data() == document.encoded())
    }
}
