import Capture
import Foundation
import Glibc
import Results
import ScanKit
import Spawn
import Testbed
import Wire

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
    /// Give up on a scan after this long.
    public var scanTimeout: Double = 300
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
            let offset = Self.realtimeMinusMonotonic()
            var configured = ScenarioTools(truth: truth, executable: executable)
            configured.waitingPolicy = try StrategyLoader.load(strategyFile).tcp.waitingPolicy.rawValue
            let tools = configured
            // Tools first (ADR-016's "use ping and the port scanner, then scan").
            var pingRun: ScenarioTools.PingRun?
            var portsRun: ScenarioTools.PortsRun?
            if entry.scenario == .toolsThenScan {
                pingRun = try tools.runPing()
                portsRun = try tools.runPorts()
            }
            // Tools during the scan (review problems 3 and 4): start 2 s in, on their own thread.
            let during = DuringScan()
            if entry.scenario == .pingDuringScan || entry.scenario == .portsDuringScan {
                let scenario = entry.scenario
                during.start()
                Thread {
                    Thread.sleep(forTimeInterval: 2)
                    do {
                        if scenario == .pingDuringScan { during.set(ping: try tools.runPing()) }
                        else { during.set(ports: try tools.runPorts()) }
                    } catch {
                        during.set(failure: error)
                    }
                }.start()
            }
            let sampler = ProcessSampler()
            let arguments = ["ip", "netns", "exec", truth.scanner.namespace, executable, "scan",
                             "--strategy", strategyFile, "--events", eventsPath, "--seed", String(seed), "--json"]
            let started = Date()
            let timeout = scanTimeout
            // The scan blocks while it runs: keep it off the cooperative pool (other lanes share it).
            let counters = ProcessEventCounters()
            let sut = try await HarnessRun.offThePool {
                try ChildProcess.runMonitored(arguments, timeout: timeout, sampler: { sampler.sample(pid: $0) }, attach: { counters.attach(pid: $0) })
            }
            let wall = Date().timeIntervalSince(started)
            await during.wait()
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
            var scan: ScanReport?
            if sut.timedOut {
                result.status = .timedOut
                result.error = "the scan did not finish within \(Int(scanTimeout)) s"
            } else if sut.status != 0 {
                result.status = .failed
                result.error = "the scanner exited with status \(sut.status): \(sut.stderr.suffix(600))"
            } else {
                scan = try ScanReport.decode(sut.stdout)
            }
            // The switch's counters before the category probe adds traffic of its own.
            let switchCounters = SwitchPortCounters.load(testbed: truth.testbedID)?.since(switchBefore)
            var categories: (report: ProbedCategories, json: String, seconds: Double)?
            var probeFailure: (any Error)?
            if let probe = categoryProbe, let scan {
                let (output, namespace, executable) = (sut.stdout, truth.scanner.namespace, executable)
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
            if entry.scenario != .scan && entry.scenario != .thermalMidScan {
                observation.toolTargets = Set([tools.pingTarget, tools.portsTarget].compactMap { $0?.device.ip.description })
            }
            let joined = MetricsJoiner(observation: observation).join()
            result.metrics = joined.metrics
            if let ping = pingRun ?? during.ping { result.metrics.ping = tools.score(ping, wire: wire) }
            if let ports = portsRun ?? during.ports { result.metrics.ports = tools.score(ports) }
            if let failure = during.failure {
                result.status = .failed
                result.error = "the \(entry.scenario.rawValue) tool failed: \(failure)"
            } else if let probeFailure {
                result.status = .failed
                result.error = "the category probe after the scan failed: \(probeFailure)"
            } else if (entry.scenario == .pingDuringScan && result.metrics.ping == nil) || (entry.scenario == .portsDuringScan && result.metrics.ports == nil) {
                result.status = .failed
                result.error = "the \(entry.scenario.rawValue) tool did not run: the fixture has no suitable target"
            }
            result.devices = joined.devices
            result.series = joined.series
        } catch {
            result.status = .failed
            result.error = "\(error)"
        }
        return result
    }

    /// CLOCK_REALTIME − CLOCK_MONOTONIC, in nanoseconds.
    static func realtimeMinusMonotonic() -> Int64 {
        var real = timespec(), mono = timespec()
        clock_gettime(CLOCK_MONOTONIC, &mono)
        clock_gettime(CLOCK_REALTIME, &real)
        return (Int64(real.tv_sec) - Int64(mono.tv_sec)) * 1_000_000_000 + Int64(real.tv_nsec) - Int64(mono.tv_nsec)
    }
}
