import AppSession
import Capture
import Foundation
import Platform
import Glibc
import Results
import ScanKit
import Spawn
import Testbed
import Wire
import TestbedPlatform

/// Runs one entry of the plan on a testbed that is up: a fresh capture on the scanner's link,
/// the system under test as a child process in the scanner namespace (measured from outside),
/// then — once the capture has stopped and the switch's counters are read, so that none of it
/// is the scan's — the category probe of the devices it found, and the join of its report, its
/// event log, the wire, the categories and the ground truth.
public struct RunExecutor: Sendable {
    public var truth: GroundTruth
    /// The `scanbench` executable the scanner runs as.
    public var executable: String
    /// Output directory (results.json lives here; pcaps/ and events/ below it).
    public var outputDirectory: String
    /// The run's seed, handed to the scanner for its own random choices (the LAN has it already).
    public var seed: UInt64
    /// Seconds after its start when the app declares an unfinished scan hung; the harness kills
    /// it 30 s later if it has not exited by then.
    public var sessionDeadline: Double = 240
    /// How the devices each scan found are probed and classified afterwards; nil: not at all.
    public var categoryProbe: CategoryProbeSettings? = .harnessDefault

    public init(truth: GroundTruth, executable: String, outputDirectory: String, seed: UInt64) {
        self.truth = truth
        self.executable = executable
        self.outputDirectory = outputDirectory
        self.seed = seed
    }

    /// Runs `entry` and returns its result; failures become a result with status failed.
    public func run(_ entry: RunPlan.Entry, strategyFile: String) async -> RunResult {
        let stem = "\(entry.fixture)-\(entry.strategy.name)-\(entry.scenario.rawValue)-r\(entry.repetition)"
            .replacingOccurrences(of: "/", with: "_")
        let pcapRelative = "pcaps/\(stem).pcap"
        let eventsRelative = "events/\(stem).jsonl"
        let probeRelative = "probes/\(stem).json"
        var result = RunResult(fixture: entry.fixture, strategy: entry.strategy.name, scenario: entry.scenario.rawValue,
                               repetition: entry.repetition, sequence: entry.sequence, status: .ok,
                               pcap: pcapRelative, events: eventsRelative)
        do {
            for directory in ["pcaps", "events"] + (categoryProbe == nil ? [] : ["probes"]) {
                try FileManager.default.createDirectory(atPath: "\(outputDirectory)/\(directory)", withIntermediateDirectories: true)
            }
            let pcapPath = "\(outputDirectory)/\(pcapRelative)"
            let eventsPath = "\(outputDirectory)/\(eventsRelative)"
            try? FileManager.default.removeItem(atPath: eventsPath)
            let switchBefore = SwitchPortCounters.load(testbed: truth.testbedID) ?? []
            let capture = try await LiveCapture.start(LiveCaptureConfiguration(
                interface: truth.scanner.interface, namespace: truth.scanner.namespace, outputPath: pcapPath))
            let offset = RealtimeClock.minusMonotonic()
            // The app session: the scan and the script's tools in one process (issue 9).
            let script = try SessionScriptLoader.load(entry.scenario.script)
            let targets = SessionTargets(truth: truth)
            var arguments = NetworkNamespace(truth.scanner.namespace).command([executable, "app",
                             "--script", try SessionScriptLoader.resolve(entry.scenario.script), "--strategy", strategyFile,
                             "--events", eventsPath, "--seed", String(seed), "--deadline", String(sessionDeadline), "--json"])
            for name in SessionScriptLoader.variables(in: script).sorted() {
                guard let device = targets.device(named: name) else {
                    throw HarnessError("the scenario \(entry.scenario.name) names $\(name), which the harness cannot bind on \(entry.fixture)",
                                       fix: "use $\(SessionTargets.names.joined(separator: " or $")) (docs/HARNESS.md#sessions)")
                }
                arguments += ["--target", "\(name)=\(device.device.ip)"]
            }
            let sampler = ProcessSampler()
            let started = Date()
            let (timeout, command) = (sessionDeadline + 30, arguments)
            // The scan blocks while it runs: keep it off the cooperative pool (other lanes share it).
            let counters = ProcessEventCounters()
            let sut = try await HarnessRun.offThePool {
                try ChildProcess.runMonitored(command, timeout: timeout, sampler: { sampler.sample(pid: $0) }, attach: { counters.attach(pid: $0) })
            }
            let wall = Date().timeIntervalSince(started)
            try await Task.sleep(for: .milliseconds(300))   // let the last answers arrive
            let captured = try await capture.stop()
            var process = ProcessStats()
            process.cpuSeconds = sut.cpuSeconds
            process.peakRSSMegabytes = Double(sampler.peakRSSKilobytes) / 1024
            process.peakThreads = sampler.peakThreads
            process.peakFileDescriptors = sampler.peakFileDescriptors
            process.wallSeconds = wall
            process.exitStatus = sut.status
            process.voluntaryContextSwitches = sut.voluntaryContextSwitches
            process.involuntaryContextSwitches = sut.involuntaryContextSwitches
            let counted = counters.read()
            (process.wakeups, process.syscalls) = (counted?.wakeups, counted?.syscalls)
            var options = AnalysisOptions()
            options.scanner = truth.scanner.ip
            let wire = try WireAnalyzer.analyze(file: pcapPath, options: options)
            var session: SessionReport?
            if sut.timedOut {
                result.status = .timedOut
                result.error = "the app session did not end within \(Int(timeout)) s (its own hang deadline is \(Int(sessionDeadline)) s)"
            } else if sut.status != 0 && sut.status != AppExit.hung {
                result.status = .failed
                result.error = "the app exited with status \(sut.status): \(sut.stderr.suffix(600))"
            } else {
                session = try JSONDecoder().decode(SessionReport.self, from: Data(sut.stdout.utf8))
            }
            let scanText = session == nil ? nil : try Self.scanJSON(fromSession: sut.stdout)
            let scan = try scanText.map { try ScanReport.decode($0) }
            // The switch's counters before the category probe adds traffic of its own.
            let switchCounters = SwitchPortCounters.load(testbed: truth.testbedID)?.since(switchBefore)
            var categories: (report: ProbedCategories, json: String, seconds: Double)?
            var probeFailure: (any Error)?
            if let probe = categoryProbe, let scan {
                let (output, namespace, executable) = (scanText ?? "", truth.scanner.namespace, executable)
                do {
                    if scan.devices.isEmpty {
                        categories = (ProbedCategories(devices: []), "", 0)
                    } else {
                        categories = try await HarnessRun.offThePool { try probe.run(scanJSON: output, executable: executable, namespace: namespace) }
                        try categories?.json.write(toFile: "\(outputDirectory)/\(probeRelative)", atomically: true, encoding: .utf8)
                        result.probe = probeRelative
                    }
                } catch {
                    probeFailure = error
                }
            }
            // A scan that finished wrote its event log; one that crashed may have left none.
            let events = scan == nil ? ((try? EventLog.read(path: eventsPath)) ?? []) : try EventLog.read(path: eventsPath)
            var observation = RunObservation(truth: truth, scan: scan, events: events, wire: wire,
                                             captureDrops: Int(captured.statistics.dropped), process: process,
                                             realtimeMinusMonotonicNs: offset, switchCounters: switchCounters)
            observation.categories = categories?.report
            observation.categoryProbeSeconds = categories?.seconds
            let pings = session?.pings ?? [], portScans = session?.portScans ?? []
            observation.toolTargets = Set(pings.map(\.target) + portScans.map(\.target))
            let joined = MetricsJoiner(observation: observation).join()
            result.metrics = joined.metrics
            result.metrics.ping = pings.first.flatMap { targets.score($0, wire: wire) }
            result.metrics.ports = portScans.first.flatMap { targets.score($0) }
            if let b = session?.budget {
                result.metrics.budget = RunMetrics.Budget(acquires: b.acquires, releases: b.releases, heldAtEnd: b.active, queuedAtEnd: b.queued,
                                                          releaseLagMaxMs: Double(b.releaseLagMaxNanoseconds) / 1e6)
            }
            if let hang = session?.hang {
                result.status = .hung
                result.metrics.hang = RunMetrics.Hang(declaredAtS: hang.declaredAtS, openPhases: hang.openPhases, slotsHeld: hang.budget.active,
                                                      queued: hang.budget.queued, effectiveLimit: hang.effectiveLimit, thermal: hang.thermal)
                result.error = "the scan hung: not finished \(Int(hang.declaredAtS)) s into the session; open phases \(hang.openPhases.joined(separator: ", ")); "
                    + "budget \(hang.budget.active) held, \(hang.budget.queued) queued, limit \(hang.effectiveLimit.map(String.init) ?? "none") (thermal \(hang.thermal))"
            } else if let failed = pings.first(where: { $0.error != nil }) {
                result.status = .failed
                result.error = "the ping tool failed: \(failed.error ?? "")"
            } else if let probeFailure {
                result.status = .failed
                result.error = "the category probe after the scan failed: \(probeFailure)"
            }
            result.devices = joined.devices
            result.series = joined.series
        } catch {
            result.status = .failed
            result.error = "\(error)"
        }
        return result
    }

    /// The `scan` object of `scanbench app --json`, as `scanbench scan --json` would print it
    /// (the join and the category probe read that); nil when the session has no finished scan.
    static func scanJSON(fromSession text: String) throws -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw HarnessError("the app's --json output is not a JSON object: \(text.prefix(200))", fix: "run the same session by hand with scanbench testbed exec -- scanbench app …")
        }
        guard let scan = object["scan"], !(scan is NSNull) else { return nil }
        return String(decoding: try JSONSerialization.data(withJSONObject: scan, options: [.sortedKeys]), as: UTF8.self)
    }
}
