import AppContract
import CaptureFiles
import CaptureAnalysis
import CaptureLive
import Fixture
import Foundation
import Platform
import Results
import Spawn
import Testbed
import Wire
import AppInputs

/// Runs one entry of the plan — one repetition of a fixture × strategy × scenario — on a
/// testbed that is up, and returns its `RunResult`. `HarnessJob` brings the LAN up and down
/// around it.
///
/// In order: a fresh capture on the scanner's link around the scenario (`ScenarioDriver`: the
/// system under test as a child in the scanner namespace, measured from outside), in which the
/// app, once its session is over, runs the strategy's classify step itself (`deep_probe: own` or
/// `none`, on its one budget); the capture is then split where that step began (`CaptureSplit`)
/// into the scan's file and the step's, so neither counts the other's packets. For
/// `deep_probe: harness` the harness's own probe runs afterwards as a child, under a capture of
/// its own (`ClassifyStep`), once the switch's counters are read. Then the join of its report,
/// its event log, the wire, the categories and the ground truth (`MetricsJoiner`), and the run's status.
public struct EntryRunner: Sendable {
    public var truth: GroundTruth
    /// The `scanbench` executable: the category probe runs it, and the app under test
    /// (`AppExecutable`, `scanbench-app`) is beside it.
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

    /// Runs `entry` with its prepared strategy; failures become a result with status failed.
    public func run(_ entry: RunPlan.Entry, strategy: PreparedStrategy) async -> RunResult {
        let files = RunFiles(entry: entry, outputDirectory: outputDirectory)
        var result = RunResult(
            fixture: entry.fixture,
            strategy: entry.strategy.name,
            scenario: entry.scenario.rawValue,
            repetition: entry.repetition,
            sequence: entry.sequence,
            status: .ok,
            pcap: files.pcap,
            events: files.events
        )
        do {
            let recording = try await record(entry, strategy: strategy, files: files)
            try await evaluate(recording, strategy: strategy.strategy, files: files, into: &result)
        } catch {
            result.status = .failed
            result.error = "\(error)"
        }
        return result
    }

    /// What the scan's part of a run left: the app's exit and costs, the capture's drops, and
    /// what is needed to put the wire and the switch on the run's terms.
    private struct Recording {
        var child: ChildProcess.Monitored
        var process: ProcessStats
        var captureDrops: Int
        var switchBefore: [SwitchPortCounters]?
        /// CLOCK_REALTIME − CLOCK_MONOTONIC at the start (pcap times → event-log times).
        var realtimeMinusMonotonicNs: Int64
        /// The Wake-on-LAN target's listener log as it stood before the session; nil without a `wol`.
        var wakeOnLAN: WakeOnLANScorer?
        /// The script browses Bonjour (`browse` or `detail`): avahi-browse runs after it.
        var browses = false
    }

    /// The app's driver; it classifies when the job scores categories and the strategy's step is the app's.
    private func driver(_ strategy: Strategy) -> ScenarioDriver {
        var driver = ScenarioDriver(
            truth: truth,
            executable: AppExecutable.path(beside: executable),
            seed: seed,
            sessionDeadline: sessionDeadline
        )
        driver.classifies = categoryProbe != nil && strategy.classify.deepProbe != .harness
        return driver
    }

    /// The measured part: a capture on the scanner's link around the app session.
    private func record(_ entry: RunPlan.Entry, strategy: PreparedStrategy, files: RunFiles) async throws -> Recording {
        try files.prepare(probes: categoryProbe != nil)
        let driver = driver(strategy.strategy)
        let arguments = try driver.arguments(
            for: entry,
            strategyFile: strategy.file,
            platformFile: strategy.platform.argument,
            eventsPath: files.path(files.events)
        )
        // Unread before the run: the counters after it cannot be taken as the run's, so they stay unread.
        let switchBefore = SwitchPortCounters.load(testbed: truth.testbedID)
        let tools = try DiscoveryToolReferences(script: entry.scenario.script, truth: truth)
        let capture = try await LiveCapture.start(
            LiveCaptureConfiguration(
                interface: truth.scanner.interface,
                namespace: truth.scanner.namespace,
                outputPath: files.path(files.pcap)
            )
        )
        let offset = RealtimeClock.minusMonotonic()
        let script = try SessionScriptLoader.load(entry.scenario.script)
        let denied = try LocalNetworkDenial.install(
            for: script,
            subnet: truth.subnet,
            own: truth.scanner.ip,
            namespace: truth.scanner.namespace
        )
        defer { if denied { LocalNetworkDenial.remove(namespace: truth.scanner.namespace) } }
        let (child, process) = try await driver.run(arguments)
        try await Task.sleep(for: .milliseconds(300))  // let the last answers arrive
        let captured = try await capture.stop()
        return Recording(
            child: child,
            process: process,
            captureDrops: Int(captured.statistics.dropped),
            switchBefore: switchBefore,
            realtimeMinusMonotonicNs: offset,
            wakeOnLAN: tools.wakeOnLAN,
            browses: tools.browses
        )
    }

    /// Everything after the capture: the wire's analysis, the category probe, the join, the status.
    private func evaluate(
        _ recording: Recording,
        strategy: Strategy,
        files: RunFiles,
        into result: inout RunResult
    ) async throws {
        let ending = try driver(strategy).ending(of: recording.child)
        var session: SessionReport?
        if case .reported(let report) = ending { session = report }
        // The app's classify step is the end of the session's capture: cut off before the scan's wire is read.
        let split = try session?.classify.map {
            try CaptureSplit.split(
                files.path(files.pcap),
                at: Int64(($0.startedUnixS * 1e9).rounded()),
                before: files.path(files.pcap),
                after: files.path(files.probePcap)
            )
        }
        var options = AnalysisOptions()
        options.scanner = truth.scanner.ip
        let wire = try WireAnalyzer.analyze(file: files.path(files.pcap), options: options)
        // The switch's counters before the category probe adds traffic of its own.
        let switchCounters = recording.switchBefore.flatMap { before in
            SwitchPortCounters.load(testbed: truth.testbedID)?.since(before)
        }
        // avahi-browse right after the session, before the category probe's traffic.
        let services =
            recording.browses ? await DiscoveryToolReferences.avahi(truth: truth) : ServiceAgreementScorer(truth: truth)
        // A scan that finished wrote its event log; one that crashed may have left none.
        let eventsPath = files.path(files.events)
        let events: [EventRecord]
        var eventLogError: String?
        do {
            events = try EventLog.read(path: eventsPath)
        } catch  where session?.scan == nil {
            // Not a zero: no event log, so every stack and UI figure of this run is unmeasured.
            (events, eventLogError) = ([], "\(error)")
        }
        var categories: CategoryProbeOutcome?
        if let scan = session?.scan {
            categories =
                strategy.classify.deepProbe == .harness
                ? await probeCategories(of: scan, files: files)
                : classifiedInApp(session?.classify, split: split, strategy: strategy, files: files)
        }
        result.probe = categories?.file
        var observation = RunObservation(
            truth: truth,
            scan: session?.scan.map(ScanReportExcerpt.init),
            events: Self.scanPart(of: events),
            wire: wire,
            captureDrops: recording.captureDrops,
            process: recording.process,
            realtimeMinusMonotonicNs: recording.realtimeMinusMonotonicNs,
            switchCounters: switchCounters
        )
        observation.pathEvents = PathEventRecord.load(testbed: truth.testbedID)
        observation.categories = categories?.report
        observation.categoryProbeSeconds = categories?.seconds
        observation.categoryProbeWire = categories?.cost?.wire
        observation.categoryProbePacketsSent = categories?.cost?.packetsSent
        observation.toolTargets = Set((session?.pings ?? []).map(\.target) + (session?.portScans ?? []).map(\.target))
        let joined = MetricsJoiner(observation: observation).join()
        result.metrics = joined.metrics
        result.devices = joined.devices
        result.series = joined.series
        score(session, wire: wire, into: &result.metrics)
        if let session {
            let scorer = SessionLookupScorer(namespace: truth.scanner.namespace)
            result.metrics.lookups = try await OffThePool.run { scorer.score(session) }
            if let monitor = session.monitors.first {
                result.metrics.lookups = result.metrics.lookups ?? RunMetrics.Lookups()
                result.metrics.lookups?.monitor = SessionTargets(truth: truth).score(monitor)
            }
        }
        DiscoveryToolReferences.score(
            session,
            wakeOnLAN: recording.wakeOnLAN,
            services: services,
            into: &result.metrics
        )
        (result.status, result.error) = Self.status(ending, probeFailure: categories?.failure)
        if let eventLogError {
            Self.recordUnreadEventLog(eventLogError, into: &result)
        }
    }

    /// Marks a run whose event log could not be read: the run fails (if nothing failed it before)
    /// and its error says that its stack and UI figures are unmeasured, not zero.
    /// - Parameters:
    ///   - reason: why the log could not be read.
    ///   - result: the run, its status already set from the session's ending.
    static func recordUnreadEventLog(_ reason: String, into result: inout RunResult) {
        result.eventLogError = reason
        if result.status == .ok { result.status = .failed }
        let note = "the app's event log could not be read (\(reason)): this run's stack and UI figures are unmeasured"
        result.error = result.error.map { "\($0); \(note)" } ?? note
    }

    /// What the category probe after a scan gave; `report` nil when it failed.
    private struct CategoryProbeOutcome {
        var report: ProbedCategories?
        var seconds: Double?
        /// What it cost on the wire (its own capture); nil when it sent nothing to measure.
        var cost: ClassifyStep.Cost?
        /// Its output, relative to the output directory, when it ran and was kept.
        var file: String?
        var failure: (any Error)?
    }

    /// Probes and classifies the devices `scan` found with the harness's probe (`deep_probe:
    /// harness`, `ClassifyStep`: the same for every strategy, blind to the fixture); nothing to
    /// probe for an empty scan. Nil when the job does not probe categories. A failure is the
    /// run's (recorded in its status), not the job's.
    private func probeCategories(of scan: ScanReport, files: RunFiles) async -> CategoryProbeOutcome? {
        guard let harness = categoryProbe else { return nil }
        guard !scan.devices.isEmpty else {
            return CategoryProbeOutcome(
                report: ProbedCategories(devices: []),
                seconds: 0,
                cost: ClassifyStep.Cost(wire: RunMetrics.WireCounters(), packetsSent: 0)
            )
        }
        var outcome = CategoryProbeOutcome()
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let input = String(decoding: try encoder.encode(scan), as: UTF8.self)
            let step = ClassifyStep(harness: harness)
            let probed = try await step.run(
                scanJSON: input,
                executable: executable,
                truth: truth,
                pcapPath: files.path(files.probePcap)
            )
            (outcome.report, outcome.seconds) = (probed.report, probed.seconds)
            outcome.cost = probed.cost
            try probed.json.write(toFile: files.path(files.probe), atomically: true, encoding: .utf8)
            outcome.file = files.probe
        } catch {
            outcome.failure = error
        }
        return outcome
    }

    /// The classify step the app ran (`deep_probe: own` or `none`): its categories and seconds from
    /// the session's report, its connections and packets from the capture's part after its start
    /// (`split`); the report's `classify` is kept as the probe's file. Nil when the job does not
    /// probe categories; a failure when the app reported no step.
    private func classifiedInApp(
        _ step: SessionReport.Classify?,
        split: CaptureSplit.Outcome?,
        strategy: Strategy,
        files: RunFiles
    ) -> CategoryProbeOutcome? {
        guard categoryProbe != nil else { return nil }
        var outcome = CategoryProbeOutcome()
        do {
            guard let step else {
                throw HarnessError(
                    "the app reported no classify step for deep_probe: \(strategy.classify.deepProbe.rawValue)",
                    fix:
                        "rebuild scanbench-app beside scanbench ('swift build'); it runs the step unless given --no-classify"
                )
            }
            outcome.report = ProbedCategories(
                devices: step.devices.map {
                    ProbedCategories.Device(
                        ip: $0.ip,
                        category: $0.category,
                        rule: $0.rule,
                        evidence: $0.evidence,
                        link: $0.link
                    )
                }
            )
            outcome.seconds = step.seconds
            outcome.cost = try ClassifyStep.cost(of: files.path(files.probePcap), truth: truth)
            if let damage = split?.damage {
                FileHandle.standardError.write(
                    Data("scanbench: the session's capture was split up to its damage: \(damage)\n".utf8)
                )
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(step).write(to: URL(fileURLWithPath: files.path(files.probe)))
            outcome.file = files.probe
        } catch {
            outcome.failure = error
        }
        return outcome
    }

    /// The session's events before the app's classify step, and the step's `phase_end`: the scan's
    /// stack metrics (budget waits …) stay what they were when the step ran outside the app, and
    /// `phases_s.classify` still says how long it took.
    static func scanPart(of events: [EventRecord]) -> [EventRecord] {
        func isClassify(_ record: EventRecord, start: Bool) -> Bool {
            switch record.event {
            case .phaseStart(let p): start && p.phase == SessionReport.Classify.phase
            case .phaseEnd(let p): !start && p.phase == SessionReport.Classify.phase
            default: false
            }
        }
        guard let start = events.firstIndex(where: { isClassify($0, start: true) }) else { return events }
        return Array(events[..<start]) + events[start...].filter { isClassify($0, start: false) }
    }

    /// The session's own figures: the tools' accuracy against the wire and the fixture, the
    /// connection budget's end state, and a hang's diagnostics.
    private func score(_ session: SessionReport?, wire: WireAnalysis, into metrics: inout RunMetrics) {
        let targets = SessionTargets(truth: truth)
        metrics.ping = session?.pings.first.flatMap { targets.score($0, wire: wire) }
        metrics.ports = session?.portScans.first.flatMap { targets.score($0) }
        if let b = session?.budget {
            metrics.budget = RunMetrics.Budget(
                acquires: b.acquires,
                releases: b.releases,
                heldAtEnd: b.active,
                queuedAtEnd: b.queued,
                releaseLagMaxMs: Double(b.releaseLagMaxNanoseconds) / 1e6,
                peakCounted: b.peak,
                peakHeld: b.peakHeld
            )
        }
        if let background = session?.background {
            metrics.background = RunMetrics.Background(
                atS: background.atS,
                windowS: background.windowS,
                suspendedAtS: background.suspendedAtS,
                scanCut: background.scanCut,
                devicesAtCut: background.devicesAtCut
            )
        }
        if let hang = session?.hang {
            metrics.hang = RunMetrics.Hang(
                declaredAtS: hang.declaredAtS,
                openPhases: hang.openPhases,
                slotsHeld: hang.budget.active,
                queued: hang.budget.queued,
                effectiveLimit: hang.effectiveLimit,
                thermal: hang.thermal
            )
        }
    }

    /// The run's status and error. A session that did not end cleanly says so; of one that
    /// reported, a hang comes first, then a scan that could not start, then an event log that lost
    /// events, then a failed ping, then a failed category probe.
    static func status(_ ending: ScenarioDriver.Ending, probeFailure: (any Error)?) -> (RunResult.Status, String?) {
        switch ending {
        case .timedOut(let reason):
            return (.timedOut, reason)
        case .failed(let reason):
            return (.failed, reason)
        case .reported(let session):
            if let hang = session.hang {
                return (
                    .hung,
                    "the scan hung: not finished \(Int(hang.declaredAtS)) s into the session; open phases \(hang.openPhases.joined(separator: ", ")); "
                        + "budget \(hang.budget.active) held, \(hang.budget.queued) queued, limit \(hang.effectiveLimit.map(String.init) ?? "none") (thermal \(hang.thermal))"
                )
            }
            if let scanError = session.scanError {
                return (.failed, "the scan could not start: \(scanError)")
            }
            if let lost = session.eventsLost {
                return (
                    .failed,
                    "the app's event log lost \(lost) events (\(session.eventLogError ?? "unknown")); every stack metric of this run "
                        + "is built from them. fix: check the output directory's disk space and that events are finite numbers"
                )
            }
            if let failed = session.pings.first(where: { $0.error != nil }) {
                return (.failed, "the ping tool failed: \(failed.error ?? "")")
            }
            if let probeFailure {
                return (.failed, "the category probe after the scan failed: \(probeFailure)")
            }
            return (.ok, nil)
        }
    }
}
