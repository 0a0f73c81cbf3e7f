import ArgumentParser
import Fixture
import Foundation
import Inventory
import Report
import Results
import Twin
import Wire

/// `scanbench predict CAPTURE`: what each strategy would do on the LAN a capture was taken on — the
/// survey check, a twin derived from the capture, every strategy run on the twin (a child
/// `scanbench run`), and a what-if table with the twin's blind spots (docs/REAL-DEVICES.md, "Prediction").
struct PredictCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict",
        abstract: "From a capture of your LAN: what each strategy would find there, and at what cost, on its twin.",
        discussion: """
            Three steps, all written under --out:
              1. the survey check of CAPTURE (as 'fixture from-capture --survey'): is it thorough and \
            long enough for its twin to judge other strategies, and what could it not see;
              2. the twin (as 'fixture from-capture'): OUT/twin.yaml;
              3. every strategy on the twin (a child 'scanbench run --fixture OUT/twin.yaml \
            --no-classify'): OUT/runs/ (results.json, report.md, run.log).
            Then OUT/prediction.md: per strategy, the devices it would find of those the twin holds, \
            with the connections, TCP attempts, packets and time that cost, most devices first; then \
            the survey's verdict and the twin's blind spots.

            A capture that is not a survey still gives a prediction, marked as a lower bound: its twin \
            holds only what the captured scan touched. Take the capture with the survey recipe \
            (docs/REAL-DEVICES.md, "The survey"; scripts/survey on Linux).

            Examples:
              scanbench predict survey.pcapng --scanner 192.168.1.23 --inventory lan.yaml --out my-lan
              scanbench predict survey.pcap --strategy netmonitor-2.0 --strategy scanbench-best --repeat 3
            """
    )

    /// NetMonitor's seven presets, then the other two apps' (seeds 002 and 003).
    static let defaultStrategies = RunCommand.presets + ["homenet", "netdiag-plus"]

    @Argument(help: "The capture of a scan of your LAN (pcap or pcapng), ideally a survey.")
    var capture: String

    @Option(help: "Your LAN's devices (YAML, as for 'analyze --inventory'): names, categories, host names.")
    var inventory: String?

    @Option(help: "The scanner's IPv4 address (default: inferred, as 'analyze' does).")
    var scanner: String?

    @Option(
        name: .customLong("strategy"),
        help:
            "Strategy preset or path (repeatable; default: every preset, NetMonitor's seven, homenet and netdiag-plus)."
    )
    var strategies: [String] = []

    @Option(name: .customLong("repeat"), help: "Runs of each strategy on the twin, with seeds N, N+1, … (1-100).")
    var repetitions = 1

    @OptionGroup var seeding: SeedOption

    @OptionGroup var lanes: LaneOption

    @OptionGroup var platformOption: PlatformOption

    /// `--platform`, nil for the default (linux).
    var platform: String? { platformOption.platform }

    @Option(help: "Where the twin, the runs and prediction.md go.")
    var out = "reports/prediction"

    func validate() throws {
        if let scanner, IPv4Address(scanner) == nil {
            throw ValidationError("--scanner '\(scanner)' is not an IPv4 address; write e.g. 192.168.1.23")
        }
        guard (1...100).contains(repetitions) else { throw ValidationError("--repeat must be 1 to 100") }
    }

    func run() async throws {
        let directory = URL(fileURLWithPath: out).standardizedFileURL.path
        let twinPath = "\(directory)/twin.yaml", runs = "\(directory)/runs"
        let survey: SurveyCheck, twin: TwinFixture
        do {
            try FileManager.default.createDirectory(atPath: runs, withIntermediateDirectories: true)
            let devices = try inventory.map(InventoryLoader.load)
            let observations = try TwinCaptureReader.read(path: capture, scanner: scanner.flatMap(IPv4Address.init))
            if let warning = observations.dropWarning { Terminal.progress("warning: \(warning)") }
            survey = SurveyCheck.check(observations)
            Terminal.progress(survey.text(file: capture))
            twin = try TwinDerivation.derive(observations, options: TwinOptions(name: "twin", inventory: devices))
            let command =
                (["scanbench predict", capture] + (inventory.map { ["--inventory", $0] } ?? [])
                + (scanner.map { ["--scanner", $0] } ?? [])).joined(separator: " ")
            let text = twin.yaml(command: command)
            _ = try FixtureLoader.load(text: text, file: twinPath)
            try Data(text.utf8).write(to: URL(fileURLWithPath: twinPath))
            Terminal.progress("wrote \(twinPath): \(twin.fixture.devices.count) devices")
        } catch {
            Terminal.fail(Terminal.describe(error))
        }
        let chosen = strategies.isEmpty ? Self.defaultStrategies : strategies
        var arguments = ["run", "--fixture", twinPath, "--no-classify", "--repeat", "\(repetitions)"]
        arguments += ["--seed", "\(seeding.seed ?? 1)", "--lanes", "\(lanes.count)", "--out", runs]
        arguments += chosen.flatMap { ["--strategy", $0] } + (platform.map { ["--platform", $0] } ?? [])
        Terminal.progress("running \(chosen.count) strategies × \(repetitions) on the twin → \(runs)")
        let document: ResultsDocument
        do {
            document = try await HarnessChild.run(arguments, directory: runs, what: "the runs on the twin").document
        } catch {
            Terminal.fail("error: \(error.message)\n  fix: \(error.fix)")
        }
        let report = PredictionReport(
            capture: capture,
            isSurvey: survey.isSurvey,
            surveyLines: [survey.isSurvey ? "a valid survey" : "NOT a survey"] + survey.exercised.map { "did: \($0)" }
                + survey.failed.map { "missing: \($0)" } + survey.unseen.map { "could not see: \($0)" },
            leftOut: twin.leftOut,
            document: document
        )
        let path = "\(directory)/prediction.md"
        do { try Data(report.markdown().utf8).write(to: URL(fileURLWithPath: path)) } catch {
            Terminal.fail("error: cannot write \(path): \(error.localizedDescription)\n  fix: choose a writable --out")
        }
        Terminal.progress("wrote \(path)")
    }
}
