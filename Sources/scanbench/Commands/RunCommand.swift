import ArgumentParser
import Foundation
import Harness
import Results
import ScanKit
import Testbed
import AppInputs

/// `scanbench run`: the main job.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run strategies side by side on emulated LANs while capturing, and write results and a report.",
        discussion: """
            For each fixture, runs every strategy (and sweep variant) REPEAT times, interleaved \
            (A B C A B C …) so drift hits every strategy alike. Each run gets a LAN of its own, \
            brought up with the run's seed and taken down after it, so no run inherits another's \
            ARP caches or sockets. Each run captures the scanner's link with libpcap, runs the \
            scenario's session script as one app ('scanbench-app', beside scanbench: the scan and the ping and port-scanner \
            tools in one process, on one budget) in the scanner namespace (CPU, context switches, \
            wakeups, syscalls, peak RSS, threads and open files measured from outside), \
            keeps its pcap and event log under OUT, and joins stack, wire and fixture into metrics. \
            After each scan, once its capture has stopped, it probes and classifies the devices the \
            scan found as the strategy's 'classify' section says ('scanbench probe --from-scan', blind to \
            the fixture; --classify-* set it for strategies with deep_probe: harness) and scores the \
            categories against the fixture (--no-classify skips it).

            With no arguments: the home fixture, the seven presets, five repetitions, plus the \
            scenarios ping-during-scan and ports-during-scan under review-baseline, review-phase2, \
            netmonitor-2.0 and scanbench-best (the review's expected outcomes); results in \
            reports/latest/.

            Sweeps: each --sweep KEY=V1,V2,… names one knob of the strategy file (a dotted key path, \
            docs/STRATEGIES.md) and its values; several --sweep flags make a grid, every combination \
            of their values. Each strategy (netmonitor-2.0 without --strategy) runs once per grid point \
            and once unchanged, as the control, in the same interleaved schedule and repetitions. The \
            report's sweep section gives each variant's median, its change against the control with \
            the Mann–Whitney p and Cliff's δ, and a chart per headline metric against the first knob \
            (one line per value of the second). --max-variants caps the strategies a grid may add up to.

            Platforms: --platform NAME|PATH runs the app as on that device (fixtures/platforms; \
            docs/PLATFORMS.md): its callback, connection and publish costs are spent as real CPU in \
            the app, its callbacks run on a pool of the profile's width. linux, the default, adds \
            nothing. The platform is part of the plan: with --plan, the recorded one runs unless \
            --platform says otherwise (then the plans differ). A key platform.PARAMETER in --sweep \
            varies the profile instead of the strategy:
              scanbench run --fixture home --scenario ping-during-scan --platform iphone-a16 \\
                --strategy review-baseline --strategy netmonitor-2.0 --sweep platform.callback_us=5,15,50

            Seeds: the switch's jitter, loss and sleepy-ARP draws and the scanner's own random \
            choices come from the run's seed. Repetition k of every strategy and scenario runs \
            with seed N + k − 1, where N is --seed (or a base drawn for the job and printed), so \
            strategies meet the same draws of each LAN and repetitions cover several draws. Each \
            run keeps its seed in results.json (runs[].seed); --seed N+k−1 --repeat 1 replays \
            repetition k. Use --seed when results are gated in CI.

            Plans: results.json records the plan it ran (fixtures, strategies — a file by its path, \
            not its content — scenarios, repetitions, base seed, sweep, peers, classify step), and \
            --plan FILE runs it again; plan options given with --plan must describe the same plan, \
            or nothing runs (exit 2). --dry-run prints the plan, checks every input as the run would (a bad \
            strategy, fixture or profile exits 2 with its file, line and fix) and stops (docs/HARNESS.md).

            Examples:
              scanbench run
              scanbench run --fixture tiny --seed 1 --repeat 5     # seeds 1-5, replayable: for a CI baseline
              scanbench run --fixture tiny --strategy netmonitor-2.0 --strategy scanbench-best --repeat 1
              scanbench run --strategy netmonitor-2.0 --sweep tcp.host_concurrency=12,24,40
              scanbench run --fixture tiny --seed 1 --repeat 3 --sweep tcp.host_concurrency=12,24,40 --sweep arp.settle_ms=500,2000
                                                                   # a 3 × 2 grid + the control: 7 strategies, 21 runs
              scanbench run --suite default                        # home-wifi, office-wifi and five generated LANs
              scanbench run --suite default --strategy scanbench-best --strategy my-strategy.yaml
              scanbench run --shard 1/2 --out shard1 && scanbench merge shard1/results.json shard2/results.json
              scanbench run --plan ci/baseline/results.json --out /tmp/again   # a recorded plan, again
            """
    )

    /// NetMonitor's own history and the recommendation. The other apps' presets (`homenet`,
    /// `netdiag-plus`, from seeds 002 and 003) run by name: a default run stays NetMonitor's seven.
    static let presets = [
        "review-baseline", "review-phase1", "review-phase2", "review-phase3",
        "netmonitor-1.0", "netmonitor-2.0", "scanbench-best",
    ]

    @Option(name: .customLong("fixture"), help: "Fixture name or path (repeatable; default home).")
    var fixtures: [String] = []

    @Option(name: .customLong("strategy"), help: "Strategy preset or path (repeatable; default: the seven presets).")
    var strategies: [String] = []

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Repetitions of each strategy.",
            discussion:
                "5 by default: compare's timing gate (a two-sided Mann–Whitney test at α = 0.05) cannot fire with fewer than 4 runs per side, and 5 lets it tolerate two inversions; counters need only 1 with --seed."
        )
    )
    var repetitions: Int?

    /// `--repeat`'s value when neither it nor a suite says otherwise.
    static let defaultRepetitions = 5

    @Option(
        help: ArgumentHelp(
            "Run a suite: its fixtures (and strategies and repetitions, unless given here) from fixtures/suites/NAME.yaml or a path.",
            discussion:
                "Built in: \(Suite.builtinNames().joined(separator: ", ")). docs/HARNESS.md#suites lists them with their measured durations."
        )
    )
    var suite: String?

    @Option(
        name: .customLong("scenario"),
        help:
            "Scenario (repeatable): a session script of fixtures/sessions (scan, ping-during-scan, ports-during-scan, tools-then-scan, thermal-mid-scan, adr-016) or a path to your own (docs/HARNESS.md#sessions)."
    )
    var scenarios: [String] = []

    @Option(
        name: .customLong("sweep"),
        help: ArgumentHelp(
            "Vary a knob of each strategy: KEY=V1,V2,… (repeatable: several make a grid of every combination).",
            discussion:
                "The unchanged strategy always runs too, as the control. Each knob once (e.g. --sweep tcp.host_concurrency=12,24,40 --sweep arp.settle_ms=500,2000).",
            valueName: "KEY=V1,V2,…"
        )
    )
    var sweeps: [String] = []

    @OptionGroup var platformOption: PlatformOption

    /// `--platform`, nil for the default (linux).
    var platform: String? { platformOption.platform }

    @Option(
        help: ArgumentHelp(
            "Most strategies a --sweep grid may run, controls included.",
            discussion:
                "\(SweepGrid.defaultMaxVariants) by default: at 5 repetitions of ~20 s on home that is nearly 2 h; narrow a coarse grid rather than raising it.",
            valueName: "N"
        )
    )
    var maxVariants = SweepGrid.defaultMaxVariants

    @Flag(
        help:
            "Also measure reference tools in the same testbeds (nmap -sn, arp-scan, avahi-browse; nmap -sT in the port-scan scenarios)."
    )
    var peers = false

    @Flag(
        name: .customLong("peer-os"),
        help:
            "With --peers, also run nmap -O -sV on the hosts nmap -sn found and score its device types as categories (several minutes per LAN: 455 s on home)."
    )
    var peerOS = false

    @Option(help: "Output directory (results.json, report.md, pcaps/, events/).")
    var out = "reports/latest"

    @Option(help: "Run only shard I of N of the plan (one CI job each); join with 'scanbench merge'.")
    var shard: String?

    @OptionGroup var lanes: LaneOption

    @OptionGroup var seeding: SeedOption
    var seed: UInt64? { seeding.seed }

    @Option(
        help:
            "Strategy that deltas in the report are computed against (default netmonitor-2.0; with --sweep, the first strategy's control)."
    )
    var reference: String?

    /// `--reference` when none is given and nothing is swept.
    static let defaultReference = "netmonitor-2.0"

    @OptionGroup var classify: ClassifyStepOptions

    @Option(
        help: ArgumentHelp(
            "Run the plan recorded in FILE (a results.json of 'scanbench run'): its fixtures, strategies, scenarios, repetitions, seed, sweep, peers and classify step.",
            discussion:
                "Plan options given as well (--fixture, --strategy, --suite, --scenario, --repeat, --sweep, --peers, --no-classify, --classify-*) must describe the same plan, as they would without --plan, or nothing runs (exit 2, naming each difference); the order of the lists and where a strategy file lies do not count. --seed overrides the plan's seed, with a warning. --lanes, --shard, --out, --reference and --max-variants do not change the plan.",
            valueName: "FILE"
        )
    )
    var plan: String?

    @Flag(
        help:
            "Print the plan and the number of runs, check it against --plan, load every strategy, profile and fixture as the run would (exit 2 on bad input), and stop before any LAN comes up."
    )
    var dryRun = false

    @Flag(
        help: ArgumentHelp(
            "Continue an interrupted run in --out: keep the successful runs its results.json holds and run the rest of the same plan.",
            discussion:
                "The options (or --plan) must give exactly the plan, seed and platform recorded there, in the same order, or nothing runs (exit 2). Failed runs are run again; --lanes may differ."
        )
    )
    var resume = false

    @Option(
        name: .customLong("only-strategy"),
        help: ArgumentHelp(
            "Run only this strategy's runs of the plan (repeatable); the plan recorded stays the whole one.",
            discussion:
                "For a confirmation rerun of what a comparison flagged (scanbench gate): the same draws, seeds and settings, fewer strategies.",
            valueName: "NAME"
        )
    )
    var onlyStrategies: [String] = []

    mutating func run() async throws {
        // Armed before anything starts: Ctrl-C removes exactly the testbeds this command brought up.
        do {
            try await RunInterrupt.guarding(execute)
        } catch let refusal as PlanRefusal {
            FileHandle.standardError.write(Data("\(refusal)\n".utf8))
            throw ExitCode(RunExitStatus.inputError.rawValue)
        }
    }

    /// True when an option that decides which runs happen was given (so `--plan` must agree with it).
    private var givesPlan: Bool {
        !fixtures.isEmpty || !strategies.isEmpty || repetitions != nil || suite != nil || !scenarios.isEmpty
            || !sweeps.isEmpty
            || peers || peerOS || classify.given
            || platform != nil
    }

    /// The plan the options describe, with `scanbench run`'s defaults for what they leave out.
    private func requestedPlan() throws -> RecordedPlan {
        let suite = try self.suite.map(Suite.load)
        let fixtures = (suite?.fixtures ?? []) + self.fixtures
        let chosen = strategies.isEmpty ? (suite?.strategies ?? []) : strategies
        let bases = chosen.isEmpty ? (sweeps.isEmpty ? Self.presets : [reference ?? Self.defaultReference]) : chosen
        let repetitions = self.repetitions ?? suite?.repeat ?? Self.defaultRepetitions
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        let grid = try SweepGrid(sweeps)
        let scenarios = try (self.scenarios.isEmpty ? ["scan"] : self.scenarios).map(Scenario.parse)
        let fixtureList = fixtures.isEmpty ? ["home"] : fixtures
        var plan = RecordedPlan(
            fixtures: fixtureList,
            strategies: bases.map { RecordedPlan.Input(strategy: $0) },
            scenarios: scenarios.map { RecordedPlan.Input(scenario: $0) },
            repetitions: repetitions,
            seed: seed,
            sweep: grid.knobs.isEmpty ? nil : grid.knobs,
            peers: peers,
            categoryProbe: try categoryProbe()
        )
        guard !peerOS || peers else {
            throw ValidationError("--peer-os adds nmap -O -sV to the peers: give --peers too")
        }
        plan.peerOS = peerOS
        if let platform, platform != PlatformProfileLoader.defaultName {
            plan.platform = RecordedPlan.Input(platform: platform)
        }
        if let named = suite?.scenarios, self.scenarios.isEmpty && sweeps.isEmpty {
            // The suite names its own session scenarios: on its first fixture, under its strategies.
            plan.also =
                named.isEmpty
                ? []
                : [
                    RecordedPlan.Matrix(
                        fixtures: [fixtureList[0]],
                        strategies: plan.strategies,
                        scenarios: try named.map(Scenario.parse).map { RecordedPlan.Input(scenario: $0) }
                    )
                ]
        } else if self.scenarios.isEmpty && strategies.isEmpty && sweeps.isEmpty {
            // The default comparison also measures the review's ping and port-scan rows: the tools
            // during a scan, under the review's baseline and its phase 2, NetMonitor today and ours.
            let review = ["review-baseline", "review-phase2", "netmonitor-2.0", "scanbench-best"].map {
                RecordedPlan.Input(strategy: $0)
            }
            plan.also = [
                RecordedPlan.Matrix(
                    fixtures: [fixtureList[0]],
                    strategies: review,
                    scenarios: ["ping-during-scan", "ports-during-scan"].map { RecordedPlan.Input(name: $0) }
                )
            ]
        }
        return plan
    }

    /// The classify step the options ask for; nil with `--no-classify`.
    private func categoryProbe() throws -> CategoryProbeSettings? { try classify.settings() }

    /// Prints a refusal of `--plan` and exits 2, before anything runs.
    private func refuse(
        _ message: String,
        fix: String,
        kind: PlanRefusal.Kind = .other,
        reasons: [String] = []
    ) -> PlanRefusal {
        PlanRefusal(kind: kind, message: message, fix: fix, reasons: reasons)
    }

    /// A plan `--plan` cannot run as given, before anything runs: exit 2. The gate reads its kind
    /// and reasons (`scanbench gate`), people its message.
    struct PlanRefusal: Error, CustomStringConvertible {
        enum Kind: Sendable { case otherPlan, missingFiles, other }
        var kind: Kind
        var message: String
        var fix: String
        /// Each difference, or each missing file, one per line.
        var reasons: [String]
        var description: String { "scanbench: error: \(message)\n  fix: \(fix)" }
    }

    /// What `scanbench gate` asks before any shard runs: the plan these options and `--plan` give,
    /// every input loaded as the run would load it.
    /// - Throws: `PlanRefusal`, or the input's own error (file, line, fix).
    func checkedPlan() throws -> String {
        let (recorded, _, _) = try chosenPlan()
        let schedule = try recorded.schedule(maxVariants: Int.max)
        try HarnessJob.validateInputs(
            of: schedule.plan,
            platform: recorded.platform?.argument ?? PlatformProfileLoader.defaultName
        )
        return recorded.summary(runs: schedule.plan.entries.count)
    }

    /// The plan to run and the reference: `--plan`'s (checked against the options, when they give
    /// one), or the options'.
    private func chosenPlan() throws -> (plan: RecordedPlan, reference: String?, replaying: Bool) {
        guard let file = self.plan else { return (try requestedPlan(), reference, false) }
        let document: ResultsDocument
        do { document = try ResultsDocument.load(file) } catch let error as ResultsError {
            throw refuse(error.message, fix: error.fix)
        }
        guard let recorded = document.plan else {
            throw refuse(
                "\(file) records no plan: it was written by 'scanbench ablate' or 'scanbench tune', or by a scanbench from before plans were recorded",
                fix:
                    "run it again with the plan options ('scanbench run --fixture … --strategy … --repeat …'), which records the plan in its results.json"
            )
        }
        var chosen = recorded
        if givesPlan {
            let requested = try requestedPlan()
            let differences = recorded.differences(from: requested, label: file, otherLabel: "the options given")
            guard differences.isEmpty else {
                throw refuse(
                    "the options give another plan than the one recorded in \(file):\n    "
                        + differences.joined(separator: "\n    "),
                    fix:
                        "drop the plan options to run \(file)'s plan as recorded (--lanes, --shard, --out and --seed may stay), or run without --plan",
                    kind: .otherPlan,
                    reasons: differences
                )
            }
            chosen = requested
        } else {
            let missing = recorded.missingFiles()
            guard missing.isEmpty else {
                throw refuse(
                    "the plan recorded in \(file) reads files that are not here (relative paths count from \(FileManager.default.currentDirectoryPath)):\n    "
                        + missing.joined(separator: "\n    "),
                    fix:
                        "put them back, or give the same plan with the files' new paths as options (e.g. --strategy NEW/PATH.yaml, same name), or record a new plan",
                    kind: .missingFiles,
                    reasons: missing
                )
            }
        }
        if let seed, seed != recorded.seed {
            Terminal.progress(
                "WARNING: --seed \(seed) overrides the seed \(recorded.seed.map(String.init) ?? "(none: a seed per run)") recorded in \(file)"
            )
        }
        chosen.seed = seed ?? recorded.seed
        Terminal.progress("the plan recorded in \(file)\(givesPlan ? ", given again by the options" : "")")
        return (chosen, reference ?? document.referenceStrategy, !givesPlan)
    }

    /// The interrupted run's document in `output`, its failed runs and those whose capture no
    /// longer reads dropped (they run again), when it recorded exactly `recorded`; nil when it
    /// wrote no results.json yet (everything runs); otherwise a refusal that names what differs.
    private func resumed(_ output: String, _ recorded: RecordedPlan) throws -> ResultsDocument? {
        let file = "\(output)/results.json"
        guard FileManager.default.fileExists(atPath: file) else {
            // A run writes results.json before its first LAN comes up; one stopped before that
            // (within a second of its start) measured nothing, so all of it is still to run.
            Terminal.progress("--resume: \(file) does not exist (nothing was measured yet): running the whole plan")
            return nil
        }
        var document: ResultsDocument
        do { document = try ResultsDocument.load(file) } catch let error as ResultsError {
            throw refuse("--resume: \(error.message)", fix: error.fix)
        }
        guard let previous = document.plan else {
            throw refuse(
                "--resume: \(file) records no plan (written by 'scanbench ablate' or 'tune', or an old scanbench)",
                fix: "drop --resume and run again into another --out"
            )
        }
        guard previous == recorded else {
            var lines = previous.differences(from: recorded, label: file, otherLabel: "the options given")
            if previous.seed != recorded.seed {
                lines.append(
                    "seed: \(previous.seed.map(String.init) ?? "drawn") in \(file); \(recorded.seed.map(String.init) ?? "none") in the options given"
                )
            }
            if lines.isEmpty {
                lines = [
                    "the same plan in another order: the runs would not line up with their seeds and sequence numbers"
                ]
            }
            throw refuse(
                "--resume: the options give another plan than the interrupted run's:\n    "
                    + lines.joined(separator: "\n    "),
                fix: "give the same options (or --plan \(file)) and --seed, or drop --resume and run into another --out"
            )
        }
        document.runs.removeAll { $0.status != .ok }
        // A kept run must still have the capture its wire figures came from.
        let damaged = KeptRuns.unreadableCaptures(document.runs, outputDirectory: output)
        for rerun in damaged { Terminal.progress("--resume: \(rerun.name) runs again: \(rerun.reason)") }
        let again = Set(damaged.map(\.sequence))
        document.runs.removeAll { again.contains($0.sequence) }
        return document
    }

    private func execute(_ interrupt: RunInterrupt) async throws {
        guard maxVariants >= 2 else {
            throw ValidationError("--max-variants must be at least 2 (a control and one variant)")
        }
        let (recorded, givenReference, replaying) = try chosenPlan()
        // A recorded plan passed the cap when it was recorded; a bigger --max-variants then is no new decision.
        let schedule = try recorded.schedule(maxVariants: replaying ? Int.max : maxVariants)
        let variants = schedule.variants
        let reference = givenReference ?? (recorded.sweep == nil ? Self.defaultReference : variants[0].name)
        var plan = schedule.plan
        if !onlyStrategies.isEmpty {
            let names = variants.map(\.name)
            if let unknown = onlyStrategies.first(where: { !names.contains($0) }) {
                throw ValidationError(
                    "--only-strategy \(unknown) is not a strategy of the plan; it has: \(names.joined(separator: ", "))"
                )
            }
            plan.entries.removeAll { !onlyStrategies.contains($0.strategy.name) }
        }
        var shardSpec = ShardSpec(index: 1, count: 1)
        if let shard {
            guard let parsed = ShardSpec(shard) else {
                throw ValidationError("--shard must be I/N with 1 ≤ I ≤ N, e.g. 1/4")
            }
            shardSpec = parsed
            plan = plan.shard(parsed.index, of: parsed.count)
        }
        let output = URL(fileURLWithPath: out).standardizedFileURL.path
        let suiteName = self.plan == nil ? suite : nil
        Terminal.progress(
            "\(suiteName.map { "suite \($0): " } ?? "")\(recorded.summary(runs: plan.entries.count)) → \(output)"
        )
        if let sweep = schedule.sweep {
            let grid = schedule.grid, bases = sweep.controls
            let shape = grid.knobs.map { "\($0.key) (\($0.values.count))" }.joined(separator: " × ")
            Terminal.progress(
                "grid: \(shape) = \(grid.size) variants of \(bases.count == 1 ? bases[0] : "each of \(bases.count) strategies"), plus the control"
            )
        }
        let prior = resume ? try resumed(output, recorded) : nil
        if let prior {
            let kept = Set(prior.runs.map(\.sequence))
            plan.entries.removeAll { kept.contains($0.sequence) }
            Terminal.progress(
                "resuming \(output)/results.json: \(prior.runs.count) successful runs kept, \(plan.entries.count) to run"
            )
        }
        if dryRun {
            // Every input checked as the run would check it: a misspelt key or a value out of range fails here.
            do {
                try HarnessJob.validateInputs(
                    of: schedule.plan,
                    platform: recorded.platform?.argument ?? PlatformProfileLoader.defaultName
                )
            } catch {
                // Bad input exits 2, as a refused plan does: nothing would have run.
                FileHandle.standardError.write(Data("scanbench: \(error)\n".utf8))
                throw ExitCode(RunExitStatus.inputError.rawValue)
            }
            Terminal.progress(
                "dry run: \(recorded.summary(runs: schedule.plan.entries.count)); every input loads; nothing ran"
            )
            return
        }
        try HostRequirements.check(for: "run")
        var harness = HarnessJob(
            plan: plan,
            outputDirectory: output,
            referenceStrategy: reference,
            executable: Terminal.executablePath,
            repetitions: recorded.repetitions,
            progress: Terminal.progress
        )
        harness.shard = shardSpec
        harness.peers = recorded.peers
        harness.peerOS = recorded.peerOS
        harness.seed = recorded.seed
        harness.sweep = schedule.sweep
        harness.recordedPlan = recorded
        harness.prior = prior
        harness.priorMustMatch = prior != nil
        let platform = recorded.platform?.argument ?? PlatformProfileLoader.defaultName
        harness.platform = platform
        if platform != PlatformProfileLoader.defaultName {
            Terminal.progress("platform: \(platform) (docs/PLATFORMS.md)")
        }
        let started = interrupt.started
        harness.testbedStarting = { started.add($0) }
        harness.categoryProbe = recorded.categoryProbe
        harness.jobs = lanes.count
        let document = try await harness.execute()
        interrupt.holdIfInterrupted()
        let failed = document.runs.filter { $0.status != .ok }.count
        Terminal.progress("wrote \(harness.resultsPath) (\(document.runs.count) runs, \(failed) failed)")
        _ = try ReportCommand.render(document, resultsPath: harness.resultsPath, into: output)
        Terminal.progress("wrote \(output)/report.md")
        if failed > 0 { throw ExitCode(RunExitStatus.someRunsFailed.rawValue) }
    }
}
