import AppContract
import Fixture
import Foundation
import Spawn
import TestbedPlatform
import AppInputs

/// Drives one scenario: its session script run as one app (`scanbench-app --script`: the scan
/// and the script's tools in one process) in the scanner namespace, measured from
/// outside by `ProcessMonitor`, and what its exit says about the run. The app is its own
/// program, so the process measured is the app alone.
///
/// The harness binds the script's `$variables` to devices of the ground truth (`SessionTargets`)
/// and passes addresses, so the app never reads the fixture.
struct ScenarioDriver: Sendable {
    var truth: GroundTruth
    /// The app under test (`scanbench-app`).
    var executable: String
    var seed: UInt64
    /// Seconds after its start when the app declares an unfinished scan hung.
    var sessionDeadline: Double

    /// Whether the app runs the strategy's classify step after the session (`deep_probe: own`
    /// or `none` in a job that scores categories); else it is passed `--no-classify`.
    var classifies = false

    /// How long the harness waits for the app before killing it: its hang deadline and 30 s to
    /// print its report and exit, plus, when it classifies, what a classify step may take
    /// (`ClassifyStep.childTimeout`, as when the step was a child of the harness).
    var timeout: Double { sessionDeadline + 30 + (classifies ? ClassifyStep.childTimeout : 0) }

    /// The app's command line for `entry`.
    /// - Throws: `YAMLInputError` for a script that does not load; `HarnessError` for a variable
    ///   the harness cannot bind on this fixture.
    /// - Parameter platformFile: the platform profile to pass (`--platform`), nil for none: the
    ///   app's default, `linux`, which adds nothing (`PreparedPlatform.argument`).
    func arguments(
        for entry: RunPlan.Entry,
        strategyFile: String,
        platformFile: String? = nil,
        eventsPath: String
    ) throws -> [String] {
        let script = try SessionScriptLoader.load(entry.scenario.script)
        let targets = SessionTargets(truth: truth)
        var app = [
            executable, "--script", try SessionScriptLoader.resolve(entry.scenario.script), "--strategy", strategyFile,
        ]
        if let platformFile { app += ["--platform", platformFile] }
        var arguments = NetworkNamespace(truth.scanner.namespace).command(
            app + ["--events", eventsPath, "--seed", String(seed), "--deadline", String(sessionDeadline), "--json"]
                + (classifies ? [] : ["--no-classify"])
        )
        let lookups = SessionLookupTargets(truth: truth)
        for name in SessionScriptLoader.variables(in: script).sorted() {
            guard
                let value = targets.device(named: name).map({ SessionTargets.binding(name, $0) })
                    ?? lookups.value(named: name)
            else {
                throw HarnessError(
                    "the scenario \(entry.scenario.name) names $\(name), which the harness cannot bind on \(entry.fixture)",
                    fix:
                        "use $\((SessionTargets.names + SessionLookupTargets.names).joined(separator: " or $")) (docs/HARNESS.md#sessions)"
                )
            }
            arguments += ["--target", "\(name)=\(value)"]
        }
        return arguments
    }

    /// Runs the app to its end. Blocks a thread of its own, not the cooperative pool (other lanes share it).
    func run(_ arguments: [String]) async throws -> (child: ChildProcess.Monitored, process: ProcessStats) {
        try await ProcessMonitor.run(arguments, timeout: timeout)
    }

    /// How the session ended, from its exit.
    enum Ending: Sendable {
        /// Killed after `timeout`.
        case timedOut(String)
        /// Exited with a status other than 0 or `AppExit.hung`.
        case failed(String)
        /// Printed its report (a hung scan's too).
        case reported(SessionReport)
    }

    /// Reads the app's exit: a report to decode (once), or why there is none.
    /// - Throws: `HarnessError` when an app that exited cleanly printed no session report.
    func ending(of child: ChildProcess.Monitored) throws -> Ending {
        if child.timedOut {
            return .timedOut(
                "the app session did not end within \(Int(timeout)) s (its own hang deadline is \(Int(sessionDeadline)) s)"
            )
        }
        if !AppExit.reported.contains(child.status) {
            return .failed("the app exited with status \(child.status): \(child.stderr.suffix(600))")
        }
        return .reported(
            try ChildOutput.decode(
                SessionReport.self,
                from: child.stdout,
                what: "the app's --json output is not a session report",
                fix: "run the same session by hand with scanbench testbed exec -- scanbench-app …"
            )
        )
    }
}
