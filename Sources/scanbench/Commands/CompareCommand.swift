import ArgumentParser
import Foundation
import Gate
import Report
import Results

/// `scanbench compare BASELINE.json CURRENT.json`: a Markdown comparison and a regression verdict.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two results files and decide whether CURRENT regressed against BASELINE.",
        discussion: """
            Runs are paired by fixture, scenario and strategy. When nothing pairs that way and each \
            file holds exactly one strategy, the two strategies are compared with each other (by \
            fixture and scenario); --baseline-strategy and --current-strategy choose them explicitly, \
            also within one file given twice.

            Within a cell, runs pair by seed: a draw (fixture, scenario, seed) both sides ran is the \
            unit. Per strategy, eight metrics are tested over all its draws (devices found, \
            categories correct, packets, TCP attempts, connections created, duration, time to 90 %, \
            phases cut at their deadline): a draw is worse or better when it lands beyond the \
            metric's allowance, and k of n draws worse is a flag when P(Binomial(n, 0.05) >= k) meets \
            its Holm level, which keeps the chance of any false REGRESSED or IMPROVED in the verdict \
            below alpha (0.01). Every other metric is shown, not tested. Too few draws to flag \
            anything is INCONCLUSIVE, with the number needed. Allowances, the null they come from, \
            the measured error rates and the thresholds file format: docs/REPORTS.md.

            Nothing the baseline had is dropped in silence: a baseline cell (fixture, scenario, \
            strategy, platform) or draw the current file did not run, a gated metric it no longer \
            measured, or a flag a --confirm rerun could not settle (its runs failed, or it had fewer \
            draws) makes the verdict INCONCLUSIVE unless something regressed, and each is named in \
            the Markdown and on stderr under the verdict line. Fixture or platform files that differ \
            (sha256) make it INCONCLUSIVE outright: the LANs differ.

            Exit status (CompareExitStatus; docs/REPORTS.md#exit-status):
            \(CompareExitStatus.allCases.filter { $0 != .stepFailed }.map { "  \($0.rawValue)  \($0.meaning)" }.joined(separator: "\n"))
            """
    )

    @Argument(help: "The baseline results file.")
    var baseline: String

    @Argument(help: "The current results file (the one being judged).")
    var current: String

    @Option(help: "A JSON thresholds file overriding the defaults metric by metric (docs/REPORTS.md).")
    var thresholds: String?

    @Option(help: "Also write the Markdown comparison to this file.")
    var out: String?

    @Flag(
        help:
            "Print the verdict and every test as JSON (snake_case) instead of Markdown; --out still writes the Markdown."
    )
    var json = false

    @Option(
        help: ArgumentHelp(
            "A rerun of the flagged strategies (same plan and seeds): a flag stands only if it flags them the same way.",
            discussion:
                "scanbench gate makes it with 'scanbench run --plan BASELINE --only-strategy S' for each strategy in compare --json's flagged_strategies.",
            valueName: "RERUN.json"
        )
    )
    var confirm: String?

    @Option(help: "Compare this strategy's runs in BASELINE ...")
    var baselineStrategy: String?

    @Option(help: "... with this strategy's runs in CURRENT.")
    var currentStrategy: String?

    func validate() throws {
        if (baselineStrategy == nil) != (currentStrategy == nil) {
            throw ValidationError("--baseline-strategy and --current-strategy go together; give both or neither")
        }
    }

    func run() throws {
        let comparison: Comparison
        do {
            let limits = try thresholds.map { path throws(CompareInputError) in try Thresholds.load(path) } ?? .defaults
            let pairing: PairingMode =
                baselineStrategy.flatMap { from in currentStrategy.map { .strategies(baseline: from, current: $0) } }
                ?? .automatic
            let base = try ResultsDocument.load(baseline)
            var first = try Comparison(
                baseline: base,
                current: ResultsDocument.load(current),
                thresholds: limits,
                pairing: pairing
            )
            if let confirm {
                first = first.confirmed(
                    by: try Comparison(
                        baseline: base,
                        current: ResultsDocument.load(confirm),
                        thresholds: limits,
                        pairing: pairing
                    )
                )
            }
            comparison = first
        } catch let error as ResultsError {
            fail(error.description)
        }
        let markdown = comparison.markdown(baselineName: baseline, currentName: current)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(comparison.summary), as: UTF8.self))
        } else {
            print(markdown, terminator: "")
        }
        if let out {
            do {
                try Data(markdown.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                fail(
                    "error: cannot write \(out): \(error.localizedDescription)\n  fix: choose a writable path for --out"
                )
            }
        }
        let verdict = comparison.verdict
        // `verdict: KEYWORD` stays one line of its own (scripts/gate-error-rates reads it); what
        // was not judged follows it, indented.
        let gaps = comparison.gaps.map { "  not judged: \($0.text)\n" }.joined()
        FileHandle.standardError.write(Data("verdict: \(verdict.keyword)\n\(gaps)".utf8))
        if verdict.exitStatus != .pass { throw ExitCode(verdict.exitCode) }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(CompareExitStatus.inputError.rawValue)
    }
}
