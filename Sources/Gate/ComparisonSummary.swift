import Foundation
import Results

/// `scanbench compare --json`: the verdict and every test, for scripts (`scanbench gate` reruns the
/// flagged strategies from it). Keys are snake_case, as every `--json` of ScanBench.
public struct ComparisonSummary: Codable, Sendable, Equatable {
    public struct Test: Codable, Sendable, Equatable {
        public var baselineStrategy: String
        public var currentStrategy: String
        public var metric: String
        public var draws: Int
        public var worse: Int
        public var better: Int
        public var pWorse: Double?
        public var pBetter: Double?
        /// regressed, improved, unchanged, inconclusive, not_judged, not_gated, unconfirmed,
        /// unsettled or unmeasured.
        public var outcome: String
        /// Draws the test needs to flag anything (inconclusive only).
        public var drawsNeeded: Int?

        enum CodingKeys: String, CodingKey {
            case metric, draws, worse, better, outcome
            case baselineStrategy = "baseline_strategy", currentStrategy = "current_strategy"
            case pWorse = "p_worse", pBetter = "p_better", drawsNeeded = "draws_needed"
        }
    }

    /// What the verdict could not judge (`VerdictGap`): its kind and the sentence naming it.
    public struct Gap: Codable, Sendable, Equatable {
        /// fixture_differs, platform_differs, missing_cell, missing_draws, unmeasured or unsettled.
        public var kind: String
        public var text: String
    }

    /// PASS, IMPROVED, REGRESSED or INCONCLUSIVE.
    public var verdict: String
    public var exitCode: Int32
    public var alpha: Double
    public var nullExceedance: Double
    public var tests: [Test]
    /// Current-side strategies with a REGRESSED or IMPROVED test, or a cell that lost more runs:
    /// what a confirmation rerun runs again.
    public var flaggedStrategies: [String]
    public var warnings: [String]
    public var gaps: [Gap]

    enum CodingKeys: String, CodingKey {
        case verdict, alpha, tests, warnings, gaps
        case exitCode = "exit_code", nullExceedance = "null_exceedance", flaggedStrategies = "flagged_strategies"
    }
}

extension Comparison {
    /// The verdict and tests as `ComparisonSummary`.
    public var summary: ComparisonSummary {
        let rows = tests.map { test in
            var outcome = "unchanged"
            var needed: Int?
            switch test.outcome {
            case .regressed: outcome = "regressed"
            case .improved: outcome = "improved"
            case .unchanged: outcome = "unchanged"
            case .inconclusive(let count): outcome = "inconclusive"; needed = count
            case .notJudged: outcome = "not_judged"
            case .notGated: outcome = "not_gated"
            case .unconfirmed: outcome = "unconfirmed"
            case .unsettled: outcome = "unsettled"
            case .unmeasured: outcome = "unmeasured"
            }
            return ComparisonSummary.Test(
                baselineStrategy: test.baselineStrategy,
                currentStrategy: test.currentStrategy,
                metric: test.metric.id,
                draws: test.judged,
                worse: test.worse,
                better: test.better,
                pWorse: test.isTested ? test.pWorse : nil,
                pBetter: test.isTested ? test.pBetter : nil,
                outcome: outcome,
                drawsNeeded: needed
            )
        }
        var flagged: [String] = []
        for name in (regressions + improvements).map(\.currentStrategy) + failedCells.map(\.currentStrategy)
        where !flagged.contains(name) { flagged.append(name) }
        return ComparisonSummary(
            verdict: verdict.keyword,
            exitCode: verdict.exitCode,
            alpha: thresholds.alpha,
            nullExceedance: thresholds.nullExceedance,
            tests: rows,
            flaggedStrategies: flagged,
            warnings: environmentWarnings,
            gaps: gaps.map { ComparisonSummary.Gap(kind: $0.kind, text: $0.text) }
        )
    }
}
