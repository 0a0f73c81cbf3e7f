import Foundation
import Testing
@testable import Harness
@testable import Results

@Suite("ResultsSink")
struct ResultsSinkTests {
    static func run(sequence: Int) -> RunResult {
        var metrics = RunMetrics()
        metrics.yield.found = sequence
        metrics.yield.discoverable = 28
        return RunResult(
            fixture: "home",
            strategy: "scanbench-best",
            scenario: "scan",
            repetition: sequence + 1,
            sequence: sequence,
            status: .ok,
            pcap: "pcaps/home-\(sequence).pcap",
            metrics: metrics,
            devices: [
                DeviceOutcome(name: "gateway", ip: "198.18.0.1", category: "router", discoverable: true, found: true)
            ]
        )
    }

    /// A recorded job's environment (ci/baseline/results.json).
    static func environment() throws -> RunEnvironment {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try ResultsDocument.load(root.appendingPathComponent("ci/baseline/results.json").path).environment
    }

    @Test("after each run results.json is what writing the whole document wrote, runs in sequence order")
    func fileAfterEachRunIsTheWholeDocument() async throws {
        let directory = NSTemporaryDirectory() + "results-sink-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/results.json"
        var expected = ResultsDocument(
            generatedAt: Date(timeIntervalSince1970: 1_800_000_000),
            environment: try Self.environment(),
            referenceStrategy: "netmonitor-2.0",
            runs: [Self.run(sequence: 4)]
        )
        let lines = LinesSeen()
        let sink = try ResultsSink(
            document: expected,
            path: path,
            total: 5,
            stamp: { $0.environment.shard = "stamped" },
            progress: { lines.add($0) }
        )
        try await sink.save()
        expected.environment.shard = "stamped"
        #expect(FileManager.default.contents(atPath: path) == (try expected.encoded()))
        for sequence in [2, 0, 3, 1] {
            try await sink.add(Self.run(sequence: sequence), seconds: 30)
            expected.runs.append(Self.run(sequence: sequence))
            expected.runs.sort { $0.sequence < $1.sequence }
            #expect(FileManager.default.contents(atPath: path) == (try expected.encoded()))
        }
        #expect(try await sink.document() == expected)
        #expect(lines.all.count == 4 && lines.all[0].hasPrefix("[1/5] home scanbench-best scan r3"))
        #expect(lines.all[3].hasPrefix("[4/5]") && lines.all[2].contains("ETA"))
    }

    @Test("a write that fails says which file and that this job wrote nothing to it yet")
    func failedWrite() async throws {
        let path = NSTemporaryDirectory() + "no-such-dir-\(UUID().uuidString)/results.json"
        let sink = try ResultsSink(
            document: ResultsDocument(
                environment: try Self.environment(),
                referenceStrategy: "netmonitor-2.0"
            ),
            path: path,
            total: 1,
            progress: { _ in }
        )
        let error = await #expect(throws: HarnessError.self) { try await sink.add(Self.run(sequence: 0), seconds: 1) }
        #expect("\(error.map { "\($0)" } ?? "")".contains(path))
        #expect("\(error.map { "\($0)" } ?? "")".contains("this job wrote nothing to it yet"))
    }
}

/// Progress lines, gathered from a `@Sendable` closure.
private final class LinesSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
