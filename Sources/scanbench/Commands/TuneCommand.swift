import ArgumentParser
import Foundation
import Harness
import Report
import Results
import ScanKit
import Testbed
import AppInputs

/// `scanbench tune`: searches the knob space for strategies nothing measured beats, within a budget.
struct TuneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Search the knob space for strategies no other measured strategy beats, within a time budget.",
        discussion: """
            Starts from BASE (--base, scanbench-best by default) and draws candidates that change a \
            few of its knobs: Latin-hypercube samples over the ranges each knob declares next to its \
            definition (--list prints them; docs/STRATEGIES.md, "Search"). No range holds an address, \
            a port list or a device name, so whatever is found stays blind to the fixtures.

            Candidates are judged with Hyperband: a bracket runs its candidates on the suite's first \
            fixture(s), keeps the best 1/ETA (Pareto layer over the objectives, then crowding \
            distance) for more fixtures, and so on up to all of them; brackets repeat until the \
            budget is spent. BASE and the reference (--reference, scanbench-best) run on every \
            fixture first. Each run is a 'scanbench run' run (fresh LAN, capture), one per candidate \
            and fixture, all with the search's seed, --lanes side by side.

            With --platform, a drawn candidate that can hold more connections at once than the \
            profile's flow limit (max_flows: 512 on iphone-a16) is not run but drawn again, with a \
            note; BASE runs regardless, with a warning (docs/PLATFORMS.md).

            Writes into OUT: results.json (the runs and a 'tune' record: settings, candidates, time \
            spent, front), report.md (the decision table, then a Tune section; the detail beside it) and front/NAME.yaml: \
            each strategy on the Pareto front over every fixture, with a header saying how it was \
            found, what it measured and what it changes. 'scanbench run --strategy OUT/front/NAME.yaml' \
            runs one; 'scanbench compare' and 'scanbench report' read results.json.

            Ctrl-C stops it and removes its LANs; the same command resumes from OUT/results.json \
            (the seed is kept there): measured runs are not run again and the time already spent \
            counts against the budget. Run it again with a larger --budget-minutes to search further.

            Examples:
              scanbench tune --suite default --budget-minutes 30 --lanes 2 --out reports/tune-default
              scanbench tune --fixture home --fixture office --budget-minutes 20 --objective yield.recall --objective wire.tcp_attempts
              scanbench tune --list                               # the knobs and their ranges, the brackets; nothing runs
            """
    )

    @Option(
        help:
            "Suite whose fixtures the candidates are judged on (fixtures/suites/NAME.yaml or a path; default: default). Its strategies are ignored."
    )
    var suite: String?

    @Option(
        name: .customLong("fixture"),
        help: "Fixture instead of a suite (repeatable; the order is the promotion order)."
    )
    var fixtures: [String] = []

    @Option(
        help: ArgumentHelp(
            "Wall-time budget in minutes, over every job of the search (a resumed search counts the time already spent).",
            discussion:
                "No run starts after it; runs under way finish. How many runs a budget buys: docs/STRATEGIES.md (Search)."
        )
    )
    var budgetMinutes: Double = 30

    @Option(
        name: .customLong("objective"),
        help: ArgumentHelp(
            "Metric to optimise (repeatable; default yield.recall, wire.tcp_attempts, duration_s).",
            discussion:
                "Any metric id of docs/METRICS.md; its direction (higher or lower is better) comes from the metric."
        )
    )
    var objectives: [String] = []

    @Option(help: "Strategy the candidates change (preset or file).")
    var base = "scanbench-best"

    @Option(help: "Strategy the found ones are held against, measured on every fixture.")
    var reference = "scanbench-best"

    @OptionGroup var seeding: SeedOption

    @OptionGroup var lanes: LaneOption

    @OptionGroup var platformOption: PlatformOption

    /// `--platform`, nil for the default (linux).
    var platform: String? { platformOption.platform }

    @Option(help: "Promotion factor: each rung keeps the best 1/ETA of its candidates (2-5).")
    var eta = 3

    @Option(help: "Knobs a candidate changes from the base, on average.")
    var changes: Double = 4

    @Option(help: "Stop drawing candidates after this many (a short look; default: as many as the budget allows).")
    var maxCandidates: Int?

    @Option(
        help:
            "Output directory (results.json, report.md, front/, strategies/, pcaps/, events/); resumed when it holds this search."
    )
    var out = "reports/tune"

    @Flag(help: "Print the knob space and the brackets, and stop.")
    var list = false

    @Flag(help: "Print the outcome as JSON on standard output (snake_case; progress stays on standard error).")
    var json = false

    static let defaultObjectives = [Metric.recall.id, Metric.tcpAttempts.id, Metric.duration.id]

    func validate() throws {
        guard budgetMinutes > 0 else { throw ValidationError("--budget-minutes must be above 0") }
        guard (2...5).contains(eta) else { throw ValidationError("--eta must be 2 to 5") }
        guard changes >= 1 else { throw ValidationError("--changes must be at least 1") }
        if let maxCandidates, maxCandidates < 1 { throw ValidationError("--max-candidates must be at least 1") }
        for id in objectives where Metric.named(id) == nil {
            throw ValidationError(
                "--objective \(id) is not a metric; use one of: \(Metric.all.map(\.id).joined(separator: ", "))"
            )
        }
    }

    mutating func run() async throws {
        try await RunInterrupt.guarding(resumeHint: "resume with the same command") { try await execute($0) }
    }

    private func execute(_ interrupt: RunInterrupt) async throws {
        let output = URL(fileURLWithPath: out).standardizedFileURL.path
        let suiteName = suite ?? (fixtures.isEmpty ? "default" : nil)
        let fixtureList = (try suiteName.map(Harness.Suite.load)?.fixtures ?? []) + fixtures
        let resultsPath = "\(output)/results.json"
        let prior =
            FileManager.default.fileExists(atPath: resultsPath) && !list ? try ResultsDocument.load(resultsPath) : nil
        let space = Strategy.searchSpace.map { TuneRecord.Knob(key: $0.key, values: $0.summary) }
        let record = TuneRecord(
            suite: suiteName,
            fixtures: fixtureList,
            base: base,
            reference: reference,
            objectives: objectives.isEmpty ? Self.defaultObjectives : objectives,
            seed: seeding.seed ?? prior?.tune?.seed ?? UInt64.random(in: 0...UInt64(UInt32.max)),
            eta: eta,
            changes: changes,
            budgetMinutes: budgetMinutes,
            space: space,
            platform: platform ?? prior?.tune?.platform
        )
        if let platform { _ = try PlatformProfileLoader.load(platform) }
        _ = try StrategyLoader.load(try StrategyLoader.resolve(base))
        _ = try StrategyLoader.load(try StrategyLoader.resolve(reference))
        Terminal.progress(summary(record))
        if list { return }
        try HostRequirements.check(for: "tune")
        if let prior {
            Terminal.progress(
                "resuming the search in \(resultsPath): \(prior.runs.count) runs measured, "
                    + "\(Int(((prior.tune?.spentS ?? 0) / 60).rounded())) of \(Self.minutes(budgetMinutes)) min spent"
            )
        }
        var job = TuneJob(
            record: record,
            outputDirectory: output,
            executable: Terminal.executablePath,
            progress: Terminal.progress
        )
        job.jobs = lanes.count
        job.maxCandidates = maxCandidates
        job.categoryProbe = record.objectives.contains(Metric.categoriesCorrect.id) ? .harnessDefault : nil
        let started = interrupt.started
        job.testbedStarting = { started.add($0) }
        let document = try await job.execute(resuming: prior)
        interrupt.holdIfInterrupted()
        let files = try TuneFrontFiles.write(document, outputDirectory: output, command: commandLine(record))
        try ReportCommand.render(document, resultsPath: resultsPath, into: output)
        Terminal.progress(
            "wrote \(resultsPath) (\(document.runs.count) runs), \(output)/report.md and \(files.count) front strategies in \(output)/front/"
        )
        if let analysis = TuneAnalysis(document: document) {
            Terminal.progress(outcome(analysis))
            if json { Terminal.printJSON(analysis) }
        }
    }

    /// "30", "7.5".
    private static func minutes(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// The command that reproduces this search, for the front files' headers.
    private func commandLine(_ record: TuneRecord) -> String {
        var words =
            ["scanbench tune"]
            + (record.suite.map { ["--suite", $0] } ?? record.fixtures.flatMap { ["--fixture", $0] })
        words += [
            "--base", record.base, "--reference", record.reference, "--budget-minutes",
            Self.minutes(record.budgetMinutes),
        ]
        words += record.objectives.flatMap { ["--objective", $0] } + ["--seed", String(record.seed)]
        if let platform = record.platform { words += ["--platform", platform] }
        return words.joined(separator: " ")
    }

    /// The space, the schedule and what one bracket costs.
    private func summary(_ record: TuneRecord) -> String {
        var text =
            "tune: \(record.space.count) knobs\(list ? "" : " (--list shows them)"), about \(Self.minutes(record.changes)) changed per candidate from \(record.base)\(list ? ":" : "")\n"
        let width = record.space.map(\.key.count).max() ?? 0
        if list {
            for knob in record.space {
                text += "  \(knob.key.padding(toLength: width, withPad: " ", startingAt: 0))  \(knob.values)\n"
            }
        }
        let schedule = TuneSchedule(fixtureCount: record.fixtures.count, eta: record.eta)
        text +=
            "brackets over \(record.fixtures.count) fixtures (\(record.fixtures.joined(separator: ", "))), repeated until the budget is spent:\n"
        for index in 0...schedule.maxHalvings {
            let rungs = schedule.bracket(index)
            var runs = 0, previous = 0
            for rung in rungs { runs += rung.candidates * (rung.fixtures - previous); previous = rung.fixtures }
            text +=
                "  " + rungs.map { "\($0.candidates) on \($0.fixtures)" }.joined(separator: " → ")
                + " fixtures: \(runs) runs\n"
        }
        text +=
            "objectives: \(record.objectives.joined(separator: ", ")); reference \(record.reference); seed \(record.seed); "
        return text
            + "budget \(Self.minutes(record.budgetMinutes)) min, \(lanes.count) lane\(lanes.count == 1 ? "" : "s")"
    }

    /// What was found, in a few lines.
    private func outcome(_ analysis: TuneAnalysis) -> String {
        var text = "front over all \(analysis.fixtures.count) fixtures: \(analysis.front.joined(separator: ", "))"
        for row in analysis.rows where analysis.front.contains(row.name) || row.name == analysis.reference {
            let values = analysis.objectives.map { id in
                "\(id) \(row.values?[id].map { String(format: "%.2f", $0) } ?? "—")"
            }
            text += "\n  \(row.name): \(values.joined(separator: ", "))"
        }
        if analysis.notDominatedByReference.isEmpty {
            text += "\nno candidate measured on every fixture escapes \(analysis.reference)"
        } else {
            text +=
                "\nnot dominated by \(analysis.reference): \(analysis.notDominatedByReference.joined(separator: ", "))"
        }
        return text
    }
}
