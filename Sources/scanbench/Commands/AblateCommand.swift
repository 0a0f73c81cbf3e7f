import ArgumentParser
import Foundation
import Harness
import Report
import Results
import Testbed

/// `scanbench ablate BASE TARGET`: which of the knobs that differ between two strategies made
/// the difference, measured one knob at a time in both directions.
struct AblateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ablate",
        abstract:
            "Measure which knobs make the difference between two strategies, one knob at a time in both directions.",
        discussion: """
            Lists every knob whose effective value differs between BASE and TARGET (presets by \
            name or strategy files), then runs, with the harness of 'scanbench run' (fresh LAN per \
            run, capture, interleaved repetitions): BASE; TARGET; BASE with each knob set to \
            TARGET's value, one at a time (forward); and TARGET with each knob set back to BASE's \
            value (leave-one-out). With K knobs that is 2 + 2K strategies, fewer when two variants \
            are the same strategy or the loader refuses one (a knob that only makes sense with \
            another: named in the report, not run).

            report.md in OUT has the ablation after its decision table: the knobs with both values; per headline \
            metric (devices found, TCP attempts, packets, connections created, duration, ...) the \
            change BASE -> TARGET and the knobs that moved it, ranked by the average of their two \
            directions, each direction with Mann-Whitney p and Cliff's delta; and the knobs whose \
            directions disagree (interactions), among them those that only matter together with \
            another knob. results.json is the one 'scanbench run' writes, with an 'ablation' \
            record; 'scanbench report' and 'scanbench compare' read it. How to read the report: \
            docs/STRATEGIES.md, "Ablation".

            Cost: up to (2 + 2K) x fixtures x scenarios x REPEAT runs; --list prints the count \
            without running. review-baseline against netmonitor-2.0 differs in 27 knobs, four of \
            them (the pipeline's steps and the phases they list) refused alone and measured as \
            one group: 50 strategies, 150 runs on home with --repeat 3.

            Examples:
              scanbench ablate review-baseline netmonitor-2.0                  # on home, 3 repetitions
              scanbench ablate review-baseline netmonitor-2.0 --lanes 2 --seed 7 --out reports/ablate-home
              scanbench ablate netmonitor-2.0 scanbench-best --fixture tiny --repeat 1 --no-classify
              scanbench ablate mine-before.yaml mine-after.yaml --suite default --repeat 2
              scanbench ablate review-baseline netmonitor-2.0 --list           # only the knobs, nothing runs
            """
    )

    @Argument(help: "The strategy to start from: a preset name or a strategy file.")
    var base: String

    @Argument(help: "The strategy to explain: a preset name or a strategy file.")
    var target: String

    @Option(name: .customLong("fixture"), help: "Fixture name or path (repeatable; default home).")
    var fixtures: [String] = []

    @Option(help: "Run on a suite's fixtures (fixtures/suites/NAME.yaml or a path); its strategies are ignored.")
    var suite: String?

    @Option(
        name: .customLong("scenario"),
        help: "Scenario (repeatable; default scan): a session script of fixtures/sessions or a path."
    )
    var scenarios: [String] = []

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Repetitions of each strategy.",
            discussion:
                "With 3 against 3 runs Mann–Whitney's p cannot go below 0.1; Cliff's δ and the medians still separate clear effects. Counters repeat under --seed."
        )
    )
    var repetitions = 3

    @OptionGroup var seeding: SeedOption
    var seed: UInt64? { seeding.seed }

    @OptionGroup var lanes: LaneOption

    @Option(help: "Output directory (results.json, report.md, strategies/, pcaps/, events/).")
    var out = "reports/ablate"

    @OptionGroup var classify: ClassifyStepOptions

    @Flag(help: "List the knobs that differ and the runs it would make, and stop.")
    var list = false

    @Flag(
        help: "Print the ablation's numbers as JSON on standard output (snake_case; progress stays on standard error)."
    )
    var json = false

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
    }

    mutating func run() async throws {
        // Armed before anything starts: Ctrl-C removes exactly the testbeds this command brought up.
        try await RunInterrupt.guarding(execute)
    }

    private func execute(_ interrupt: RunInterrupt) async throws {
        let output = URL(fileURLWithPath: out).standardizedFileURL.path
        // --list writes nothing where the user looks: the variants it validates go to a temporary directory.
        let strategies =
            list ? NSTemporaryDirectory() + "scanbench-ablate-\(UUID().uuidString)" : "\(output)/strategies"
        defer { if list { try? FileManager.default.removeItem(atPath: strategies) } }
        let ablation = try AblationPlan(base: base, target: target, directory: strategies)
        let fixtureList = (try suite.map(Harness.Suite.load)?.fixtures ?? []) + fixtures
        let scenarioList = try (scenarios.isEmpty ? ["scan"] : scenarios).map(Scenario.parse)
        let plan = RunPlan(
            fixtures: fixtureList.isEmpty ? ["home"] : fixtureList,
            strategies: ablation.variants,
            scenarios: scenarioList,
            repetitions: repetitions
        )
        Terminal.progress(
            AblationListing.text(
                ablation.ablation,
                strategies: ablation.variants.count,
                runs: plan,
                repetitions: repetitions,
                seed: seed
            )
        )
        if list { return }
        try HostRequirements.check(for: "ablate")
        var harness = HarnessJob(
            plan: plan,
            outputDirectory: output,
            referenceStrategy: ablation.ablation.base,
            executable: Terminal.executablePath,
            repetitions: repetitions,
            progress: Terminal.progress
        )
        harness.seed = seed
        harness.jobs = lanes.count
        harness.ablation = ablation.ablation
        harness.categoryProbe = try classify.settings()
        let started = interrupt.started
        harness.testbedStarting = { started.add($0) }
        let document = try await harness.execute()
        interrupt.holdIfInterrupted()
        let failed = document.runs.filter { $0.status != .ok }.count
        Terminal.progress("wrote \(harness.resultsPath) (\(document.runs.count) runs, \(failed) failed)")
        try ReportCommand.render(document, resultsPath: harness.resultsPath, into: output)
        Terminal.progress("wrote \(output)/report.md")
        if json, let analysis = AblationAnalysis(document: document) { Terminal.printJSON(analysis) }
        if failed > 0 { throw ExitCode(RunExitStatus.someRunsFailed.rawValue) }
    }
}
