import AppContract
import CaptureFiles
import CaptureAnalysis
import CaptureLive
import Fixture
import Foundation
import Platform
import Results
import Spawn
import TestbedPlatform

/// The harness's classify step after one scan (`deep_probe: harness`): its own deep probe, the same
/// for every strategy and deliberately outside the app, as a child (`scanbench probe --from-scan`)
/// in the scanner's namespace, blind to the fixture, under a capture of its own so that its cost
/// on the wire (packets, TCP connections) is counted apart from the scan's. The strategies' own
/// steps (`own`, `none`) run inside the app (`scanbench-app`'s `ClassifyService`), on its budget.
struct ClassifyStep: Sendable {
    /// The job's probe.
    var harness: CategoryProbeSettings

    /// What one classify step gave and cost.
    struct Outcome: Sendable {
        var report: ProbedCategories
        var json: String
        var seconds: Double
        var cost: Cost
    }

    /// The child's arguments.
    func arguments(executable: String, namespace: String) -> [String] {
        NetworkNamespace(namespace).command([
            executable, "probe", "--from-scan", "-", "--json", "--classify-only",
            "--top-ports", String(harness.topPorts), "--bonjour-window", String(harness.bonjourWindowS),
            "--ssdp-window", String(harness.ssdpWindowS), "--timeout", String(harness.timeoutS),
        ])
    }

    /// Runs the step on the devices of `scanJSON` (the scanner's `--json` output), capturing the
    /// scanner's link to `pcapPath` meanwhile.
    /// - Throws: `HarnessError` when the probe fails or prints no probed report; capture and spawn errors.
    func run(scanJSON: String, executable: String, truth: GroundTruth, pcapPath: String) async throws -> Outcome {
        let command = arguments(executable: executable, namespace: truth.scanner.namespace)
        let capture = try await LiveCapture.start(
            LiveCaptureConfiguration(
                interface: truth.scanner.interface,
                namespace: truth.scanner.namespace,
                outputPath: pcapPath
            )
        )
        let started = MonotonicClock.now()
        let child: (status: Int32, stdout: String, stderr: String)
        let seconds: Double
        do {
            child = try await OffThePool.run {
                try ChildProcess.run(command, input: Data(scanJSON.utf8), timeout: Self.childTimeout)
            }
            seconds = MonotonicClock.seconds(since: started)
            try await Task.sleep(for: .milliseconds(300))  // the last answers, as after a scan
        } catch {
            _ = try? await capture.stop()  // no capture outlives its step
            throw error
        }
        _ = try await capture.stop()
        guard child.status == 0 else {
            throw HarnessError(
                "the category probe exited with status \(child.status): \(child.stderr.suffix(600))",
                fix:
                    "run it by hand: 'scanbench testbed exec -- scanbench probe --from-scan FILE' on the scan's --json output"
            )
        }
        return Outcome(
            report: try ProbedCategories.decode(child.stdout),
            json: child.stdout,
            seconds: seconds,
            cost: try Self.cost(of: pcapPath, truth: truth)
        )
    }

    /// What a classify step cost on the wire.
    struct Cost: Sendable {
        /// Every counter of the step's capture (all frames on the link, TCP attempts, airtime).
        var wire: RunMetrics.WireCounters
        /// Packets the scanner itself sent.
        var packetsSent: Int
    }

    /// A classify step's cost on the wire, from its capture (this child's, or the part of the app's
    /// session capture after its step began).
    /// - Throws: `CaptureError` when the file cannot be read.
    static func cost(of pcapPath: String, truth: GroundTruth) throws -> Cost {
        var options = AnalysisOptions()
        options.scanner = truth.scanner.ip
        let analysis = try WireAnalyzer.analyze(file: pcapPath, options: options)
        return Cost(wire: RunMetrics.WireCounters(analysis: analysis), packetsSent: analysis.fromScanner.packets)
    }

    /// Give up on a probe after this long (it takes seconds; a hung one must not stall the run).
    /// The app's own step gets as long (`ScenarioDriver.timeout`).
    static let childTimeout = 120.0
}
