import ArgumentParser
import Foundation
import Gate
import Report
import Results

/// `scanbench gate`: the CI gate (docs/CI.md). Runs the plan a committed baseline recorded, with its
/// seed, in shards (each a child `scanbench run`, as a CI matrix would run them), merges them,
/// compares the result with the baseline and confirms any flag by a rerun of just the flagged
/// strategies. Every decision reads exit statuses and results files, never another command's prose.
struct GateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract:
            "Gate a change on ScanBench's numbers: the baseline's plan in shards, merged, compared, flags confirmed by a rerun.",
        discussion: """
            The plan: the one BASELINE recorded ('plan' in results.json), run with 'scanbench run --plan \
            BASELINE'. RUN-ARGS (after '--') go to every run; those that describe a plan must describe \
            the same one, or nothing runs (exit 2, naming each difference); --lanes and other options \
            that keep the plan may stay. A strategy file the plan names that is not here is refused the \
            same way. --refresh runs RUN-ARGS as the plan instead and rewrites BASELINE and its manifest.

            The seed: the baseline's (environment.seed), so draws replay and counters repeat; --seed in \
            RUN-ARGS overrides it with a warning. Refresh: --seed from RUN-ARGS, else 1.

            The inputs: BASELINE's inputs.sha256 must match this tree (the plan's strategy files aside, \
            which are the change judged): a stale baseline is INCONCLUSIVE (exit 3) before any run.

            The verdict: 'scanbench compare' pairs runs by draw and tests eight metrics per strategy \
            (docs/REPORTS.md). A flag (REGRESSED or IMPROVED) counts only if a rerun of the flagged \
            strategies on the same draws (OUT/confirm/) raises it again.

            Writes OUT/shard-I/ (each shard's results and run.log), OUT/merged/results.json, OUT/report.md, \
            OUT/comparison.md and OUT/confirm/. With $GITHUB_STEP_SUMMARY set, the comparison and the \
            report go to the job summary.

            Exit status (CompareExitStatus; docs/REPORTS.md#exit-status):
            \(CompareExitStatus.allCases.map { "  \($0.rawValue)  \($0.meaning)" }.joined(separator: "\n"))

            Examples:
              scanbench gate ci/baseline/results.json --thresholds ci/thresholds.json
              scanbench gate ci/baseline/results.json --refresh -- --fixture tiny --strategy netmonitor-2.0 --repeat 5 --seed 1
              scanbench gate base.json --shards 1 --out /tmp/gate -- --lanes 2
            """
    )

    /// The seed a refresh records when RUN-ARGS give none.
    static let defaultSeed: UInt64 = 1

    @Argument(help: "The committed baseline (e.g. ci/baseline/results.json), made with a fixed seed.")
    var baseline: String

    @Option(help: "Allowances per metric for compare (format: docs/REPORTS.md).", completion: .file())
    var thresholds: String?

    @Option(help: "Split the plan into N shards, run one after another and merged (1 skips the merge).")
    var shards = 2

    @Option(help: "Where everything goes.")
    var out = "reports/ci-gate"

    @Flag(
        help: "Do not compare: run RUN-ARGS as the plan and rewrite BASELINE (and its inputs.sha256) with the results."
    )
    var refresh = false

    @Option(help: "The checkout the baseline ships with (default: the current directory).")
    var root: String?

    @Argument(
        parsing: .postTerminator,
        help: "Options for every 'scanbench run' (not --shard or --out, which the gate sets)."
    )
    var runArguments: [String] = []

    func validate() throws {
        guard shards >= 1 else { throw ValidationError("--shards must be a whole number ≥ 1") }
        if let bad = runArguments.first(where: {
            ["--shard", "--out"].contains($0.split(separator: "=").first.map(String.init))
        }) {
            throw ValidationError(
                "RUN-ARGS must not set \(bad.split(separator: "=")[0]): the gate chooses shards and output directories; use the gate's own --shards N and --out DIR (before '--')"
            )
        }
        if let seed = givenSeed, UInt64(seed) == nil {
            throw ValidationError("--seed in RUN-ARGS must be a whole number, not '\(seed)'")
        }
    }

    func run() async throws {
        let step = GateStep(out: Self.absolute(out))
        do {
            let status = try await execute(step)
            throw ExitCode(status.rawValue)
        } catch let failure as GateStep.Failure {
            step.fail(failure)
            throw ExitCode(failure.status.rawValue)
        }
    }

    private func execute(_ step: GateStep) async throws -> CompareExitStatus {
        let baselinePath = Self.absolute(baseline), thresholdsPath = thresholds.map(Self.absolute)
        let checkout = Self.absolute(root ?? FileManager.default.currentDirectoryPath)
        let refreshHint =
            "scanbench gate \(baseline) --refresh -- RUN-ARGS (the plan to gate with; seed from --seed, default \(Self.defaultSeed)), then review and commit it"
        var seedArguments: [String] = []
        var planArguments: [String] = []
        if refresh {
            if givenSeed == nil { seedArguments = ["--seed", String(Self.defaultSeed)] }
        } else {
            let document = try baselineDocument(baselinePath, refreshHint: refreshHint)
            if givenSeed == nil { seedArguments = ["--seed", String(document.environment.seed!)] }
            planArguments = ["--plan", baselinePath]
            if let thresholdsPath, !FileManager.default.fileExists(atPath: thresholdsPath) {
                throw GateStep.Failure(
                    .inputError,
                    "the thresholds file \(thresholdsPath) does not exist",
                    fix:
                        "commit one (format: docs/REPORTS.md, 'Thresholds file'), or drop --thresholds to use the defaults"
                )
            }
            try checkPlan(baselinePath, seedArguments: seedArguments, refreshHint: refreshHint, step: step)
            _ = try comparison(document, document, thresholdsPath, refreshHint: refreshHint)
            if let stale = try checkInputs(baselinePath, root: checkout, step: step) { return stale }
        }
        let merged = try await runShards(planArguments + seedArguments, step: step)
        let mergedDocument = try ResultsDocument.load(merged)
        do { _ = try ReportCommand.render(mergedDocument, resultsPath: merged, into: step.out) } catch {
            throw GateStep.Failure(
                .stepFailed,
                "the report of \(merged) could not be written: \(error)",
                fix: "run: scanbench report \(merged)"
            )
        }
        step.note("wrote \(step.out)/report.md")
        if refresh {
            return try refreshBaseline(baselinePath, mergedDocument, merged, thresholdsPath, root: checkout, step: step)
        }
        return try await judge(
            baselinePath,
            merged,
            thresholdsPath,
            arguments: planArguments + seedArguments,
            step: step
        )
    }

    // MARK: before any run

    /// The baseline, with a seed and a recorded plan, or the reason it cannot gate.
    private func baselineDocument(_ path: String, refreshHint: String) throws -> ResultsDocument {
        guard FileManager.default.fileExists(atPath: path) else {
            throw GateStep.Failure(.inputError, "the baseline \(path) does not exist", fix: "make one: \(refreshHint)")
        }
        let document: ResultsDocument
        do { document = try ResultsDocument.load(path) } catch let error as ResultsError {
            throw GateStep.Failure(
                .inputError,
                "the baseline \(path) is not a results.json: \(error.message)",
                fix: "restore it from git, or make one: \(refreshHint)"
            )
        }
        guard let seed = document.environment.seed else {
            throw GateStep.Failure(
                .inputError,
                "the baseline \(path) has no seed (environment.seed): it was made without 'scanbench run --seed', so its counters cannot be replayed",
                fix: "refresh it with a fixed seed: \(refreshHint)"
            )
        }
        guard document.plan != nil else {
            throw GateStep.Failure(
                .inputError,
                "the baseline \(path) records no plan (key 'plan'): it was made by 'scanbench ablate' or 'tune', or a scanbench from before plans were recorded, so the gate cannot tell which runs to pair with it",
                fix:
                    "refresh it with the plan it was made with: scanbench gate \(baseline) --refresh -- RUN-ARGS (its runs suggest: \(Self.suggestedPlan(document)); give a strategy file by its path), then review and commit it"
            )
        }
        if let given = givenSeed.flatMap(UInt64.init), given != seed {
            FileHandle.standardError.write(
                Data(
                    "gate: WARNING: RUN-ARGS give --seed \(given) but the baseline was made with seed \(seed); counters of different seeds differ by chance, not by the change under test\n"
                        .utf8
                )
            )
        }
        return document
    }

    /// `scanbench run --plan BASELINE RUN-ARGS` as the shards will parse it, checked in-process: the
    /// same plan, every file it reads here, every input loading.
    private func checkPlan(_ baselinePath: String, seedArguments: [String], refreshHint: String, step: GateStep) throws
    {
        do {
            let command = try RunCommand.parse(["--plan", baselinePath, "--dry-run"] + seedArguments + runArguments)
            step.note("plan: the baseline's: \(try command.checkedPlan())")
        } catch let refusal as RunCommand.PlanRefusal {
            let reasons = refusal.reasons.map {
                "    "
                    + $0.replacingOccurrences(of: "the options given", with: "RUN-ARGS").replacingOccurrences(
                        of: baselinePath,
                        with: "the baseline"
                    )
            }
            .joined(separator: "\n")
            switch refusal.kind {
            case .otherPlan:
                throw GateStep.Failure(
                    .inputError,
                    "RUN-ARGS give another plan than the one recorded in the baseline:\n\(reasons)",
                    fix:
                        "drop the RUN-ARGS to run the baseline's plan (options that keep the plan, such as --lanes, may stay), or refresh the baseline with the new plan: scanbench gate \(baseline) --refresh -- RUN-ARGS. RUN-ARGS that name any plan option describe the whole plan: what they leave out is scanbench run's default"
                )
            case .missingFiles:
                throw GateStep.Failure(
                    .inputError,
                    "the plan recorded in the baseline reads files that are not here:\n\(reasons)",
                    fix:
                        "put them back; or give the same plan as RUN-ARGS with the files' new paths (same names: --strategy NEW/PATH.yaml …); or refresh the baseline: \(refreshHint)"
                )
            case .other:
                throw GateStep.Failure(
                    .inputError,
                    "scanbench run cannot run the baseline's plan: \(refusal.message)",
                    fix: refusal.fix
                )
            }
        } catch let failure as GateStep.Failure {
            throw failure
        } catch {
            throw GateStep.Failure(
                .inputError,
                "scanbench run cannot run the baseline's plan with these RUN-ARGS: \(RunCommand.message(for: error))",
                fix: "fix what it names (scanbench run --help), or refresh the baseline: \(refreshHint)"
            )
        }
    }

    /// The inputs manifest checked (`scanbench baseline check`'s rule): nil when it matches,
    /// INCONCLUSIVE when the baseline is stale.
    private func checkInputs(_ baselinePath: String, root: String, step: GateStep) throws -> CompareExitStatus? {
        let check: (stale: Bool, text: String)
        do {
            check = try BaselineCheckCommand.check(
                baselinePath,
                manifest: BaselineCheckCommand.besideResults(baselinePath),
                root: root,
                strategiesMayDiffer: true
            )
        } catch {
            throw GateStep.Failure(
                .inputError,
                "cannot tell whether \(baselinePath) matches this tree: \((error as? ResultsError)?.message ?? Terminal.describe(error))",
                fix:
                    "refresh it, which writes its manifest; or, for a baseline recorded from this very tree, scanbench baseline manifest \(baseline)"
            )
        }
        step.note(check.text)
        guard check.stale else { return nil }
        step.note(
            "verdict: INCONCLUSIVE (exit 3): the baseline is stale — its numbers were recorded with other inputs than this tree's, so they are not comparable"
        )
        step.summary([
            "### ScanBench gate: INCONCLUSIVE — stale baseline", "",
            "`\(baselinePath)` was recorded with other inputs than this tree has:", "", "```", check.text, "```",
            "",
        ])
        return .inconclusive
    }

    // MARK: the runs

    /// Each shard as a child `scanbench run`, then merged; the merged results.json's path.
    private func runShards(_ arguments: [String], step: GateStep) async throws -> String {
        try step.makeDirectory(step.out)
        for stale in ["merged", "comparison.md", "report.md"] {
            try? FileManager.default.removeItem(atPath: "\(step.out)/\(stale)")
        }
        var parts: [(name: String, document: ResultsDocument)] = []
        for index in 1...shards {
            let directory = "\(step.out)/shard-\(index)"
            try? FileManager.default.removeItem(atPath: directory)
            try step.makeDirectory(directory)
            let shard = ["run"] + arguments + ["--shard", "\(index)/\(shards)", "--out", directory] + runArguments
            step.note("shard \(index)/\(shards): scanbench \(shard.joined(separator: " "))")
            let document = try await step.runHarness(shard, directory: directory, what: "shard \(index)/\(shards)")
            parts.append(("\(directory)/results.json", document))
        }
        let merged = "\(step.out)/merged/results.json"
        try step.makeDirectory("\(step.out)/merged")
        let document: ResultsDocument
        if parts.count == 1 {
            document = parts[0].document
        } else {
            step.note("merging \(parts.count) shards into \(merged)")
            do { document = try ResultsDocument.merging(parts) } catch {
                throw GateStep.Failure(
                    .stepFailed,
                    "the shards cannot be merged: \(error.message)",
                    fix: "look at the shards' run.log files in \(step.out)"
                )
            }
        }
        try step.write(document, to: merged)
        return merged
    }

    // MARK: the verdict

    private func judge(
        _ baselinePath: String,
        _ merged: String,
        _ thresholdsPath: String?,
        arguments: [String],
        step: GateStep
    ) async throws -> CompareExitStatus {
        let base = try ResultsDocument.load(baselinePath)
        step.note(
            "comparing: scanbench compare \(baselinePath) \(merged)\(thresholdsPath.map { " --thresholds \($0)" } ?? "")"
        )
        var comparison = try self.comparison(base, try ResultsDocument.load(merged), thresholdsPath, refreshHint: "")
        let flagged = comparison.summary.flaggedStrategies
        if !flagged.isEmpty {
            let confirm = "\(step.out)/confirm"
            try? FileManager.default.removeItem(atPath: confirm)
            try step.makeDirectory(confirm)
            let rerun =
                ["run"] + arguments + flagged.flatMap { ["--only-strategy", $0] } + ["--out", confirm] + runArguments
            step.note(
                "flagged: \(flagged.joined(separator: " ")); confirming with a rerun of just those: scanbench \(rerun.joined(separator: " "))"
            )
            let again = try await step.runHarness(rerun, directory: confirm, what: "the confirmation rerun")
            comparison = comparison.confirmed(by: try self.comparison(base, again, thresholdsPath, refreshHint: ""))
        }
        let markdown = comparison.markdown(baselineName: baselinePath, currentName: merged)
        print(markdown, terminator: "")
        try step.write(markdown, to: "\(step.out)/comparison.md")
        step.summarize(["\(step.out)/comparison.md", "\(step.out)/report.md"])
        let verdict = comparison.verdict
        FileHandle.standardError.write(
            Data(("verdict: \(verdict.keyword)\n" + comparison.gaps.map { "  not judged: \($0.text)\n" }.joined()).utf8)
        )
        let status = verdict.exitStatus
        step.note(
            "verdict: \(verdict.keyword) (exit \(status.rawValue)); \(status == .pass ? "comparison in" : "what it rests on:") \(step.out)/comparison.md"
                + (flagged.isEmpty ? "" : "; flags confirmed by a rerun of \(flagged.joined(separator: ", "))")
        )
        return status
    }

    private func refreshBaseline(
        _ baselinePath: String,
        _ document: ResultsDocument,
        _ merged: String,
        _ thresholdsPath: String?,
        root: String,
        step: GateStep
    ) throws -> CompareExitStatus {
        let failed = document.runs.filter { $0.status != .ok }.count
        guard failed == 0 else {
            throw GateStep.Failure(
                .stepFailed,
                "\(failed) runs failed: a baseline with failed runs would excuse the same failures later; \(baselinePath) is unchanged",
                fix: "look at \(step.out)/report.md (Raw runs) and the shards' run.log, then refresh again"
            )
        }
        var files: [String] = []
        if let old = try? ResultsDocument.load(baselinePath) {
            // What the refresh changes, for the review of its diff; not a verdict.
            if let review = try? comparison(old, document, thresholdsPath, refreshHint: "") {
                try step.write(
                    review.markdown(baselineName: baselinePath, currentName: merged),
                    to: "\(step.out)/comparison.md"
                )
                files.append("\(step.out)/comparison.md")
                step.note(
                    "the new runs against the old baseline: \(step.out)/comparison.md (read it before committing)"
                )
            } else {
                step.note(
                    "the old baseline cannot be compared with the new runs (another plan, or no seed); nothing to review against"
                )
            }
        }
        try step.makeDirectory(URL(fileURLWithPath: baselinePath).deletingLastPathComponent().path)
        try step.write(document, to: baselinePath)
        do {
            step.note(
                try BaselineManifestCommand.write(
                    baselinePath,
                    to: BaselineCheckCommand.besideResults(baselinePath),
                    root: root
                )
            )
        } catch {
            throw GateStep.Failure(
                .stepFailed,
                "the inputs manifest of \(baselinePath) could not be written: \(Terminal.describe(error))",
                fix: "run it by hand: scanbench baseline manifest \(baselinePath) --root \(root)"
            )
        }
        let seed = document.environment.seed.map(String.init) ?? "none"
        step.note(
            """
            ================================================================================
            BASELINE REFRESHED: \(baselinePath) now holds \(document.runs.count) runs with seed \(seed).
            This is deliberate: every later gate compares against these numbers.
            Review it before committing:  git diff --stat -- \(baselinePath); read \(step.out)/report.md
            Commit its inputs.sha256 with it: the gate refuses a baseline without its manifest.
            ================================================================================
            """
        )
        step.summary([
            "### ScanBench baseline refreshed", "",
            "`\(baselinePath)`: \(document.runs.count) runs, seed \(seed). Commit it deliberately, after reading the report below.",
            "",
        ])
        step.summarize(files + ["\(step.out)/report.md"])
        return .pass
    }

    /// compare's judgement of `current` against `base`, or the input error that stops it.
    private func comparison(
        _ base: ResultsDocument,
        _ current: ResultsDocument,
        _ thresholdsPath: String?,
        refreshHint: String
    ) throws -> Comparison {
        let fix = { (error: CompareInputError) in
            refreshHint.isEmpty ? error.fix : "\(error.fix); or refresh the baseline: \(refreshHint)"
        }
        let limits: Thresholds
        do { limits = try thresholdsPath.map(Thresholds.load) ?? .defaults } catch {
            throw GateStep.Failure(
                .inputError,
                "compare cannot use the thresholds file: \(error.message)",
                fix: fix(error)
            )
        }
        do { return try Comparison(baseline: base, current: current, thresholds: limits, pairing: .automatic) } catch {
            throw GateStep.Failure(.inputError, "compare cannot use the baseline: \(error.message)", fix: fix(error))
        }
    }

    // MARK: arguments

    /// `--seed N` or `--seed=N` in RUN-ARGS.
    private var givenSeed: String? {
        for (index, argument) in runArguments.enumerated() {
            if argument == "--seed" { return index + 1 < runArguments.count ? runArguments[index + 1] : "" }
            if argument.hasPrefix("--seed=") { return String(argument.dropFirst("--seed=".count)) }
        }
        return nil
    }

    /// The RUN-ARGS a plan-less baseline's runs suggest (strategy files by name: their paths cannot be known).
    static func suggestedPlan(_ document: ResultsDocument) -> String {
        func firstSeen(_ values: [String]) -> [String] {
            values.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        var arguments =
            firstSeen(document.runs.map(\.fixture)).map { "--fixture \($0)" }
            + firstSeen(document.runs.map(\.strategy)).map { "--strategy \($0)" }
        let scenarios = firstSeen(document.runs.map(\.scenario))
        if scenarios != ["scan"] { arguments += scenarios.map { "--scenario \($0)" } }
        let repetitions = max(document.runs.map(\.repetition).max() ?? 0, document.environment.repetitions)
        if repetitions > 0 { arguments.append("--repeat \(repetitions)") }
        if let seed = document.environment.seed { arguments.append("--seed \(seed)") }
        return arguments.joined(separator: " ")
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
