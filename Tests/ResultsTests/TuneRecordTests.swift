import Foundation
import Testing
@testable import Results

@Suite("tune record")
struct TuneRecordTests {
    static func record(seed: UInt64 = 5) -> TuneRecord {
        TuneRecord(
            suite: nil,
            fixtures: ["home", "office"],
            base: "scanbench-best",
            reference: "scanbench-best",
            objectives: [Metric.recall.id, Metric.tcpAttempts.id, Metric.duration.id],
            seed: seed,
            eta: 3,
            changes: 4,
            budgetMinutes: 30,
            space: [.init(key: "arp.settle_ms", values: "500–5000 (log scale)")]
        )
    }

    static func run(
        _ strategy: String,
        _ fixture: String,
        recall: Double,
        syn: Int,
        seconds: Double,
        status: RunResult.Status = .ok
    ) -> RunResult {
        var metrics = RunMetrics()
        metrics.yield.recall = recall
        metrics.wire.tcpAttempts = syn
        metrics.durationS = seconds
        return RunResult(
            fixture: fixture,
            strategy: strategy,
            scenario: "scan",
            repetition: 1,
            sequence: 0,
            status: status,
            metrics: metrics,
            devices: []
        )
    }

    @Test(
        "a candidate's numbers are the means over the fixtures asked, timings rounded as printed; a failed or missing run fails it"
    )
    func values() {
        let record = Self.record()
        let runs = [
            Self.run("a", "home", recall: 1, syn: 10, seconds: 20.04),
            Self.run("a", "office", recall: 0.5, syn: 30, seconds: 30.0),
            Self.run("b", "home", recall: 1, syn: 0, seconds: 10),
            Self.run("b", "office", recall: 1, syn: 0, seconds: 10, status: .failed),
        ]
        let a = record.values(of: "a", on: ["home", "office"], in: runs)
        #expect(a == [Metric.recall.id: 0.75, Metric.tcpAttempts.id: 20, Metric.duration.id: 25.0])
        #expect(record.values(of: "a", on: ["home"], in: runs)?[Metric.duration.id] == 20.0)
        #expect(record.values(of: "b", on: ["home", "office"], in: runs) == nil)
        #expect(record.values(of: "c", on: ["home"], in: runs) == nil)
        #expect(record.fixturesRun(by: "b", in: runs) == ["home", "office"])
        #expect(record.fixturesRun(by: "a", in: [runs[1]]) == ["office"])
    }

    @Test("a resumed search must draw and promote the same: another seed or base is a conflict, another budget is not")
    func conflict() {
        #expect(Self.record().conflict(with: Self.record(seed: 6)) == "seed: 5 here, 6 asked")
        var longer = Self.record()
        longer.budgetMinutes = 60
        #expect(Self.record().conflict(with: longer) == nil)
        var other = Self.record()
        other.base = "netmonitor-2.0"
        #expect(Self.record().conflict(with: other) == "base: scanbench-best here, netmonitor-2.0 asked")
    }

    @Test("the record round-trips through results.json in snake_case, and schema 3 files load")
    func roundTrip() throws {
        var document = ResultsDocumentTests.sample()
        var record = Self.record()
        record.candidates = [.init(name: "tune-001", origin: "bracket 1", overrides: ["arp.settle_ms": "1200"])]
        record.spentS = 61.5
        document.tune = record
        let path = NSTemporaryDirectory() + "tune-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try document.write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.contains("\"schema_version\" : \(ResultsDocument.currentSchemaVersion)")
                && text.contains("\"budget_minutes\" : 30") && text.contains("\"spent_s\" : 61.5")
        )
        #expect(try ResultsDocument.load(path) == document)
    }
}
