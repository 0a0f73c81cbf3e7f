import AppContract
import Capture
import Fixture
import Foundation
import Platform
import Results
import ScanKit
import Spawn
import TestbedPlatform

/// The classify step after one scan, as its strategy describes it (`Strategy.Classify`): the deep
/// probe as a child (`scanbench probe --from-scan`) in the scanner's namespace, blind to the fixture,
/// under a capture of its own so that its cost on the wire (packets, TCP connections) is counted
/// apart from the scan's. `deep_probe: none` sends nothing and classifies from what the scan
/// learned; `harness` is the job's `CategoryProbeSettings`, the same for every strategy.
struct ClassifyStep: Sendable {
    var classify: Strategy.Classify
    /// The job's probe, for `deep_probe: harness`.
    var harness: CategoryProbeSettings

    /// What one classify step gave and cost.
    struct Outcome: Sendable {
        var report: ProbedCategories
        var json: String
        var seconds: Double
        /// TCP connection attempts (a SYN's retransmissions are one) and packets the scanner sent meanwhile.
        var connections: Int
        var packets: Int
    }

    /// Whether the step hands the probe the scan's findings.
    var reusesScan: Bool { classify.deepProbe != .harness && classify.reuseScan }

    /// The child's arguments; `findings` is the `ScanFindings` file, when the step reuses the scan.
    func arguments(executable: String, namespace: String, findings: String?) -> [String] {
        var arguments = [executable, "probe", "--from-scan", "-", "--json", "--classify-only"]
        switch classify.deepProbe {
        case .harness:
            arguments += ["--top-ports", String(harness.topPorts), "--bonjour-window", String(harness.bonjourWindowS),
                          "--ssdp-window", String(harness.ssdpWindowS), "--timeout", String(harness.timeoutS)]
            return NetworkNamespace(namespace).command(arguments)
        case .none:
            arguments.append("--no-deep-probe")
        case .own:
            let c = classify
            arguments += ["--top-ports", String(c.topPorts), "--bonjour-window", Self.seconds(c.bonjourWindowMs),
                          "--ssdp-window", Self.seconds(c.ssdpWindowMs), "--timeout", Self.seconds(c.timeoutMs),
                          "--host-concurrency", String(c.hostConcurrency)]
            if !c.ports.isEmpty { arguments += ["--ports", c.ports.map(String.init).joined(separator: ",")] }
        }
        if !classify.gatewayFlag { arguments.append("--no-gateway-flag") }
        if let findings { arguments += ["--findings", findings] }
        return NetworkNamespace(namespace).command(arguments)
    }

    /// Runs the step on the devices of `scanJSON` (the scanner's `--json` output) with what the
    /// scan's event log recorded (`findings`, written to `findingsPath` when reused), capturing
    /// the scanner's link to `pcapPath` meanwhile.
    /// - Throws: `HarnessError` when the probe fails or prints no probed report; capture and spawn errors.
    func run(scanJSON: String, findings: ScanFindings, findingsPath: String, executable: String, truth: GroundTruth,
             pcapPath: String) async throws -> Outcome {
        var findingsFile: String?
        if reusesScan {
            try JSONEncoder().encode(findings).write(to: URL(fileURLWithPath: findingsPath))
            findingsFile = findingsPath
        }
        let command = arguments(executable: executable, namespace: truth.scanner.namespace, findings: findingsFile)
        let capture = try await LiveCapture.start(LiveCaptureConfiguration(
            interface: truth.scanner.interface, namespace: truth.scanner.namespace, outputPath: pcapPath))
        let started = MonotonicClock.now()
        let child: (status: Int32, stdout: String, stderr: String)
        let seconds: Double
        do {
            child = try await OffThePool.run { try ChildProcess.run(command, input: Data(scanJSON.utf8), timeout: Self.childTimeout) }
            seconds = MonotonicClock.seconds(since: started)
            try await Task.sleep(for: .milliseconds(300))   // the last answers, as after a scan
        } catch {
            _ = try? await capture.stop()   // no capture outlives its step
            throw error
        }
        _ = try await capture.stop()
        guard child.status == 0 else {
            throw HarnessError("the category probe exited with status \(child.status): \(child.stderr.suffix(600))",
                               fix: "run it by hand: 'scanbench testbed exec -- scanbench probe --from-scan FILE' on the scan's --json output")
        }
        var options = AnalysisOptions()
        options.scanner = truth.scanner.ip
        let wire = try WireAnalyzer.analyze(file: pcapPath, options: options)
        return Outcome(report: try ProbedCategories.decode(child.stdout), json: child.stdout, seconds: seconds,
                       connections: wire.tcp.attempts, packets: wire.fromScanner.packets)
    }

    /// "1.5" for 1500 ms.
    static func seconds(_ milliseconds: Int) -> String { String(Double(milliseconds) / 1000) }

    /// Give up on a probe after this long (it takes seconds; a hung one must not stall the run).
    static let childTimeout = 120.0
}
