import Foundation
import Testing
@testable import Report
import Results
import SyntheticRuns

/// The ablation's effect and interaction rules on made-up runs whose answer is known: BASE finds
/// 20 devices with 1,000 TCP attempts, TARGET 29 with 4,000, and four knobs behave as each rule
/// describes.
@Suite("Ablation analysis and report section")
struct AblationReportTests {
    /// (strategy, devices found, TCP attempts), three repetitions each, the duration jittered.
    static let cells: [(String, Int, Int)] = [
        ("base", 20, 1_000), ("target", 29, 4_000),
        ("base[a]", 29, 1_000), ("target[-a]", 20, 4_000),  // a: +9 devices both ways — consistent
        ("base[b]", 20, 1_000), ("target[-b]", 29, 1_000),  // b: attempts ≈ 0 alone, +3,000 last — only with others
        ("base[c]", 22, 1_000), ("target[-c]", 29, 4_000),  // c: +2 devices alone, 0 last — replaced by others
        ("base[d]", 20, 1_500), ("target[-d]", 29, 4_600),  // d: +500 attempts alone, −600 last — opposite
    ]

    static func document(ablation: Bool = true, repetitions: Int = 3) -> ResultsDocument {
        var runs: [RunResult] = []
        for repetition in 1...repetitions {
            for (strategy, found, attempts) in cells {
                var metrics = RunMetrics()
                metrics.yield.found = found
                metrics.yield.discoverable = 30
                metrics.wire.tcpAttempts = attempts
                metrics.durationS = 10 + Double(repetition) * 0.01
                runs.append(
                    RunResult(
                        fixture: "home",
                        strategy: strategy,
                        scenario: "scan",
                        repetition: repetition,
                        sequence: runs.count,
                        status: .ok,
                        metrics: metrics
                    )
                )
            }
        }
        var document = ResultsDocument(
            generatedAt: Date(timeIntervalSince1970: 0),
            environment: SyntheticResults.environment,
            referenceStrategy: "base",
            runs: runs
        )
        if ablation {
            document.ablation = Ablation(
                base: "base",
                target: "target",
                knobs: ["a", "b", "c", "d"].map { key in
                    Ablation.Knob(
                        key: "x.\(key)",
                        baseValue: "1",
                        targetValue: "2",
                        forward: "base[\(key)]",
                        leaveOneOut: "target[-\(key)]"
                    )
                } + [
                    Ablation.Knob(
                        key: "x.e",
                        baseValue: "no",
                        targetValue: "yes",
                        forwardError: "x.e = yes does not give a valid strategy"
                    )
                ]
            )
        }
        return document
    }

    static func effect(_ analysis: AblationAnalysis, _ key: String, _ metric: Metric) -> AblationAnalysis.MetricEffect?
    {
        analysis.groups.first?.knobs.first { $0.knob.key == key }?.effects.first { $0.metric == metric.id }
    }

    @Test("forward and leave-one-out effects with p and Cliff's δ; each interaction rule on its knob")
    func rules() throws {
        let analysis = try #require(AblationAnalysis(document: Self.document()))
        let a = try #require(Self.effect(analysis, "x.a", .found))
        #expect(a.forward?.delta == 9 && a.leaveOneOut?.delta == 9 && a.average == 9)
        #expect(a.forward?.cliffsDelta == 1 && a.forward?.runs == [3, 3])
        #expect(
            (0.04...0.06).contains(a.forward?.p ?? 0),
            "3 v 3, tied within each side: the normal approximation, about 0.05"
        )
        #expect(a.interaction == .consistent)
        #expect(Self.effect(analysis, "x.b", .tcpAttempts)?.interaction == .onlyWithOthers)
        #expect(Self.effect(analysis, "x.c", .found)?.interaction == .replacedByOthers)
        #expect(Self.effect(analysis, "x.d", .tcpAttempts)?.interaction == .opposite)
        #expect(Self.effect(analysis, "x.a", .tcpAttempts)?.interaction == KnobInteraction.none)
        #expect(
            Self.effect(analysis, "x.e", .found)?.interaction == .oneSided
                && Self.effect(analysis, "x.e", .found)?.average == nil
        )
        // Duration moves by 0.01 s between repetitions only: never material.
        #expect(
            analysis.groups[0].knobs.allSatisfy { knob in
                knob.effects.first { $0.metric == Metric.duration.id }?.interaction != .consistent
            }
        )
    }

    @Test("one repetition per strategy: the section warns that single runs cannot tell a knob from noise; three do not")
    func singleRunWarning() throws {
        let single = Report(document: Self.document(repetitions: 1)).allMarkdown()
        #expect(single.contains("1 repetition per strategy: not enough to tell a knob from noise"))
        #expect(!Report(document: Self.document()).allMarkdown().contains("not enough to tell a knob from noise"))
    }

    @Test("rankings by |average| per metric: which knobs bought the devices, which cost the attempts")
    func rankings() throws {
        let analysis = try #require(AblationAnalysis(document: Self.document()))
        let rankings = Dictionary(uniqueKeysWithValues: analysis.groups[0].rankings.map { ($0.metric, $0) })
        #expect(rankings[Metric.found.id]?.knobs == ["x.a", "x.c"])
        #expect(rankings[Metric.found.id]?.total?.delta == 9)
        #expect(rankings[Metric.tcpAttempts.id]?.knobs == ["x.b", "x.d"])
        #expect(abs((rankings[Metric.tcpAttempts.id]?.sumOfAverages ?? 0) - 1_450) < 1e-9)
        #expect(AblationAnalysis(document: Self.document(ablation: false)) == nil)
    }

    @Test(
        "report.md: the knob table, rankings, the flagged interactions by name; JSON in snake_case; absent without an ablation"
    )
    func markdownAndJSON() throws {
        let markdown = Report(document: Self.document()).allMarkdown()
        #expect(markdown.contains("## Ablation: `base` → `target`"))
        #expect(markdown.contains("| not run: x.e = yes does not give a valid strategy | not run |"))
        #expect(
            markdown.contains("| 1 | `x.a` | +9 (p 0.05, δ +1.00) | +9 (p 0.05, δ +1.00) | +9 (better) | consistent |")
        )
        #expect(
            markdown.contains(
                "- `x.b` on TCP attempts: forward ±0, leave-one-out +3,000 — **only matters together with another knob**"
            )
        )
        #expect(
            markdown.contains("- `x.c` on Devices found: forward +2, leave-one-out ±0 — **replaced by other knobs**")
        )
        #expect(
            markdown.contains("- `x.d` on TCP attempts: forward +500, leave-one-out −600 — **directions disagree**")
        )
        #expect(!Report(document: Self.document(ablation: false)).allMarkdown().contains("## Ablation"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(AblationAnalysis(document: Self.document())), as: UTF8.self)
        for key in [
            "\"leave_one_out\"", "\"cliffs_delta\"", "\"from_median\"", "\"sum_of_averages\"", "\"base_value\"",
            "\"only_with_others\"", "\"forward_error\"",
        ] {
            #expect(json.contains(key), "\(key)")
        }
        // results.json keeps the record, and a file without it decodes as before.
        let path = NSTemporaryDirectory() + "ablation-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.document().write(to: path)
        #expect(try ResultsDocument.load(path).ablation == Self.document().ablation)
        try Self.document(ablation: false).write(to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("ablation") == false)
        #expect(try ResultsDocument.load(path).ablation == nil)
    }
}
