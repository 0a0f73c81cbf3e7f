import Foundation
import Testing
@testable import Gate
@testable import Report
import Results

/// Nothing the baseline had goes unjudged in silence, and each exit status is its own.
@Suite("compare: gaps and exit statuses")
struct ComparisonGapsTests {
    /// One strategy on `tiny`-like cells: one run per entry of `attempts`, seeds 1, 2, …
    static func attempts(_ attempts: [Int], strategy: String = "netmonitor-2.0", cut: Bool = false) -> ResultsDocument {
        var document = ComparisonTests.attempts(attempts, cut: cut)
        for index in document.runs.indices { document.runs[index].strategy = strategy }
        return document
    }

    /// Two strategies' runs in one file.
    static func two(_ first: [Int], _ second: [Int]) -> ResultsDocument {
        var document = attempts(first)
        let other = attempts(second, strategy: "scanbench-best")
        document.runs += other.runs.map { run in
            var copy = run
            copy.sequence += first.count
            return copy
        }
        return document
    }

    @Test("a baseline strategy the current file has no run of is INCONCLUSIVE, naming each of its cells, never PASS")
    func missingStrategy() throws {
        let baseline = Self.two([100, 100, 100, 100, 100], [50, 50, 50, 50, 50])
        var current = baseline
        current.runs.removeAll { $0.strategy == "scanbench-best" }
        let comparison = try Comparison(baseline: baseline, current: current)
        #expect(comparison.verdict == .insufficientData)
        #expect(comparison.verdict.exitStatus == .inconclusive)
        #expect(comparison.gaps == [.missingCell(title: "home · scan · scanbench-best", baselineRuns: 5)])
        let markdown = comparison.markdown()
        #expect(
            markdown.contains("**INCONCLUSIVE**") && markdown.contains("1 baseline cell missing from the current file"),
            "\(markdown)"
        )
        #expect(
            markdown.contains("## Not judged")
                && markdown.contains(
                    "- home · scan · scanbench-best: 5 successful runs in the baseline, none in the current file"
                )
        )
        #expect(comparison.summary.gaps.map(\.kind) == ["missing_cell"])
        // Something else regressed: REGRESSED, and the missing cell is still named.
        var worse = current
        for index in worse.runs.indices { worse.runs[index].metrics.wire.tcpAttempts = 120 }
        let both = try Comparison(baseline: baseline, current: worse)
        #expect(both.verdict == .regression)
        #expect(
            both.markdown().contains(
                "home · scan · scanbench-best: 5 successful runs in the baseline, none in the current file"
            )
        )
    }

    @Test("the reference with every netmonitor-2.0 run deleted does not say PASS, and names its nine cells")
    func referenceWithoutAStrategy() throws {
        let reference = try ResultsDocument.load("\(ComparisonTests.packageRoot)/reports/reference/results.json")
        var current = reference
        current.runs.removeAll { $0.strategy == "netmonitor-2.0" }
        let comparison = try Comparison(baseline: reference, current: current)
        #expect(comparison.verdict != .noRegression)
        let cells = Set(
            reference.runs.filter { $0.strategy == "netmonitor-2.0" && $0.status == .ok }.map {
                "\($0.fixture)/\($0.scenario)"
            }
        )
        let missing = comparison.gaps.filter { $0.kind == "missing_cell" }
        #expect(missing.count == cells.count && !cells.isEmpty)
        #expect(missing.allSatisfy { $0.text.contains("netmonitor-2.0") })
    }

    @Test("a baseline cell missing from one strategy's runs, and seeds the current side did not run, are named gaps")
    func missingCellAndDraws() throws {
        let baseline = Self.attempts([100, 100, 100, 100, 100, 100])
        // One cell (the ping scenario) only in the baseline.
        var withScenario = baseline
        var extra = baseline.runs[0]
        extra.scenario = "ping-during-scan"
        extra.sequence = 99
        withScenario.runs.append(extra)
        let cell = try Comparison(baseline: withScenario, current: baseline)
        #expect(cell.gaps == [.missingCell(title: "home · ping-during-scan · netmonitor-2.0", baselineRuns: 1)])
        #expect(cell.verdict == .insufficientData)
        // Seeds 5 and 6 not run on the current side.
        var short = baseline
        short.runs.removeLast(2)
        let draws = try Comparison(baseline: baseline, current: short)
        #expect(draws.gaps == [.missingDraws(title: "home · scan · netmonitor-2.0", seeds: [5, 6])])
        #expect(draws.verdict == .insufficientData)
        #expect(draws.markdown().contains("seed 5, 6 ran in the baseline, not in the current file"))
        // A seed the current side ran and lost is a failed run (REGRESSED), not a missing draw.
        var failed = baseline
        failed.runs[5].status = .failed
        let lost = try Comparison(baseline: baseline, current: failed)
        #expect(lost.gaps.isEmpty && lost.verdict == .regression)
    }

    @Test(
        "a gated metric the baseline measured and the current side did not is INCONCLUSIVE and named, not 'not judged'"
    )
    func becameUnmeasured() throws {
        var baseline = Self.attempts([100, 100, 100, 100, 100])
        for index in baseline.runs.indices { baseline.runs[index].metrics.names.categoryCorrect = 4 }
        var current = baseline
        for index in current.runs.indices { current.runs[index].metrics.names.categoryCorrect = nil }
        let comparison = try Comparison(baseline: baseline, current: current)
        let test = try #require(ComparisonTests.test(comparison, "names.category_correct"))
        #expect(test.outcome == .unmeasured(draws: 5))
        #expect(comparison.verdict == .insufficientData)
        #expect(comparison.gaps == [.unmeasured(strategy: "netmonitor-2.0", metric: "Categories correct", draws: 5)])
        #expect(comparison.summary.tests.first { $0.metric == "names.category_correct" }?.outcome == "unmeasured")
        #expect(
            comparison.markdown().contains(
                "netmonitor-2.0: Categories correct measured by the baseline on 5 draws the current side did not measure"
            )
        )
        // Unmeasured on both sides (no category probe anywhere): not judged, and no gap.
        let neither = try Comparison(baseline: current, current: current)
        #expect(ComparisonTests.test(neither, "names.category_correct")?.outcome == .notJudged("5 not measured"))
        #expect(neither.verdict == .noRegression)
    }

    @Test(
        "a confirmation rerun that failed or came up short cannot clear a flag; only a full rerun that does not flag again can"
    )
    func shortRerun() throws {
        let baseline = Self.attempts([100, 100, 100, 100, 100])
        let first = try Comparison(baseline: baseline, current: Self.attempts([106, 107, 106, 108, 106]))
        #expect(first.verdict == .regression)
        // The rerun ran two of the five draws, and saw nothing: unsettled, INCONCLUSIVE, named.
        let short = first.confirmed(by: try Comparison(baseline: baseline, current: Self.attempts([100, 100])))
        #expect(
            ComparisonTests.test(short, "wire.tcp_attempts")?.outcome
                == .unsettled("REGRESSED", why: "had 2 of its 5 draws")
        )
        #expect(short.verdict == .insufficientData)
        #expect(short.verdictLine().contains("1 flag the rerun could not settle"))
        #expect(
            short.markdown().contains(
                "netmonitor-2.0: TCP attempts REGRESSED on the first runs, and the rerun had 2 of its 5 draws"
            )
        )
        // Every draw, but one of its runs failed: unsettled too.
        var failing = Self.attempts([100, 100, 100, 100, 100, 100])
        failing.runs[5].status = .failed
        let lost = first.confirmed(by: try Comparison(baseline: baseline, current: failing))
        #expect(
            ComparisonTests.test(lost, "wire.tcp_attempts")?.outcome == .unsettled("REGRESSED", why: "lost 1 of 6 runs")
        )
        #expect(lost.verdict != .noRegression)
        // Every run of the rerun failed: the strategy has no draw, not a pass.
        var dead = Self.attempts([100, 100, 100, 100, 100])
        for index in dead.runs.indices { dead.runs[index].status = .failed }
        #expect(first.confirmed(by: try Comparison(baseline: baseline, current: dead)).verdict != .noRegression)
        // The rerun ran another strategy only: the flag stays unsettled.
        let other = first.confirmed(
            by: try Comparison(
                baseline: Self.attempts([1, 1, 1, 1, 1], strategy: "x"),
                current: Self.attempts([1, 1, 1, 1, 1], strategy: "x")
            )
        )
        #expect(
            ComparisonTests.test(other, "wire.tcp_attempts")?.outcome
                == .unsettled("REGRESSED", why: "did not run the strategy")
        )
        // A full rerun that does not flag again clears it.
        let full = first.confirmed(
            by: try Comparison(baseline: baseline, current: Self.attempts([100, 101, 100, 100, 102]))
        )
        #expect(full.verdict == .noRegression)
        // A cell that lost runs stands when the rerun did not run it.
        var failedFirst = Self.attempts([100, 100, 100, 100, 100])
        failedFirst.runs[0].status = .failed
        let cells = try Comparison(baseline: baseline, current: failedFirst)
        #expect(
            cells.confirmed(
                by: try Comparison(
                    baseline: Self.attempts([1, 1, 1, 1, 1], strategy: "x"),
                    current: Self.attempts([1, 1, 1, 1, 1], strategy: "x")
                )
            ).verdict == .regression
        )
    }

    @Test(
        "fixtures or the platform profile that differ make the verdict INCONCLUSIVE, as the verdict; a strategy file that differs is the change judged"
    )
    func differentLANs() throws {
        let baseline = Self.attempts([100, 100, 100, 100, 100])
        var current = Self.attempts([120, 120, 120, 120, 120])
        current.environment.fixtureHashes["home"] = String(repeating: "ef", count: 32)
        let comparison = try Comparison(baseline: baseline, current: current)
        #expect(comparison.verdict == .insufficientData, "a regression on another LAN is no regression of the code")
        #expect(
            comparison.verdictLine().hasPrefix(
                "**INCONCLUSIVE** ⚠️ — the LANs differ, numbers are not comparable: fixture home differs"
            )
        )
        #expect(!comparison.environmentWarnings.contains { $0.contains("fixture") })
        // The platform profile's file.
        var platformed = baseline
        platformed.environment.platform = PlatformRecord(
            name: "linux",
            device: "d",
            sha256: String(repeating: "11", count: 32),
            parameters: [],
            neutral: true
        )
        var otherPlatform = platformed
        otherPlatform.environment.platform?.sha256 = String(repeating: "22", count: 32)
        #expect(try Comparison(baseline: platformed, current: otherPlatform).verdict == .insufficientData)
        #expect(try Comparison(baseline: platformed, current: platformed).verdict == .noRegression)
        // The strategy file: judged, and said beside the verdict.
        var edited = Self.attempts([120, 120, 120, 120, 120])
        edited.environment.strategyHashes["netmonitor-2.0"] = String(repeating: "99", count: 32)
        let judged = try Comparison(baseline: baseline, current: edited)
        #expect(judged.verdict == .regression)
        #expect(
            judged.changedStrategyFiles.count == 1
                && judged.markdown().contains("the change this verdict judges: netmonitor-2.0")
        )
    }

    @Test(
        "every exit status is its own number, IMPROVED included, and each is in docs/REPORTS.md and compare --help's table"
    )
    func exitStatuses() throws {
        let statuses = CompareExitStatus.allCases
        #expect(Set(statuses.map(\.rawValue)).count == statuses.count)
        #expect(Verdict.noRegression.exitStatus == .pass && Verdict.noRegression.exitCode == 0)
        #expect(Verdict.regression.exitCode == 1)
        #expect(Verdict.insufficientData.exitCode == 3)
        #expect(Verdict.improved.exitCode == 4)
        #expect(CompareExitStatus.inputError.rawValue == 2)
        let better = try Comparison(
            baseline: Self.attempts([100, 100, 100, 100, 100]),
            current: Self.attempts([80, 80, 81, 79, 80])
        )
        #expect(better.verdict == .improved && better.summary.exitCode == 4)
        let doc = try String(contentsOfFile: "\(ComparisonTests.packageRoot)/docs/REPORTS.md", encoding: .utf8)
        for status in statuses {
            #expect(
                doc.contains("| \(status.rawValue) | \(status.meaning) |"),
                "docs/REPORTS.md lacks the row of exit status \(status.rawValue)"
            )
        }
    }
}
