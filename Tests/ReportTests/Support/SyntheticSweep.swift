import Foundation
@testable import Report
import Results
import SyntheticRuns

/// A sweep's results with known medians: control `arp-only` and a 3 × 2 grid, knob `a` (1, 2, 4)
/// against `b` (x, y), three repetitions each, interleaved. Repetition r adds r to the TCP
/// attempts of 100·a (+ 50 for b = y; the control: 250), so each median is the r = 2 value;
/// duration is a + r/10 s (control 3 + r/10). The grid point a = 2, b = y failed in every repetition.
enum SyntheticSweep {
    static let control = "arp-only"
    static let sweep = SweepDescription(
        knobs: [.init(key: "a", values: ["1", "2", "4"]), .init(key: "b", values: ["x", "y"])],
        controls: [control]
    )

    static func name(_ a: String, _ b: String) -> String { "\(control)[a=\(a),b=\(b)]" }

    /// The TCP attempts' median of a grid point (nil: it failed), or of the control.
    static func attemptsMedian(_ a: String?, _ b: String?) -> Double? {
        guard let a, let b else { return 252 }
        if a == "2" && b == "y" { return nil }
        return 100 * Double(a)! + (b == "y" ? 50 : 0) + 2
    }

    static func document() -> ResultsDocument {
        let points: [(String, [String: String])] =
            [(control, [:])]
            + sweep.knobs[0].values.flatMap { a in
                sweep.knobs[1].values.map { b in (name(a, b), ["a": a, "b": b]) }
            }
        var runs: [RunResult] = []
        for repetition in 1...3 {
            for (strategy, overrides) in points {
                var metrics = RunMetrics()
                metrics.yield.found = 5
                metrics.yield.discoverable = 5
                metrics.yield.recall = 1
                let a = overrides["a"].flatMap(Double.init)
                let base = a.map { 100 * $0 + (overrides["b"] == "y" ? 50 : 0) } ?? 250
                metrics.wire.tcpAttempts = Int(base) + repetition
                metrics.durationS = (a ?? 3) + Double(repetition) / 10
                let failed = overrides == ["a": "2", "b": "y"]
                var run = RunResult(
                    fixture: "home",
                    strategy: strategy,
                    scenario: "scan",
                    repetition: repetition,
                    sequence: runs.count,
                    status: failed ? .failed : .ok,
                    error: failed ? "the app exited with status 1" : nil,
                    metrics: metrics
                )
                run.control = control
                run.overrides = overrides
                runs.append(run)
            }
        }
        var environment = SyntheticResults.environment
        environment.strategyHashes = [control: String(repeating: "ab", count: 32)]
        var document = ResultsDocument(
            generatedAt: Date(timeIntervalSince1970: 1_785_000_000),
            environment: environment,
            referenceStrategy: control,
            runs: runs
        )
        document.sweep = sweep
        return document
    }
}
