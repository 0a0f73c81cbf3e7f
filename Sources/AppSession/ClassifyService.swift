import AppContract
import NetTools
import Platform
import ScanKit
import Wire
import AppInputs

/// The strategy's classify step inside the app (`deep_probe: own` or `none`): NetTools' deep probe
/// and the strategy's classifier (`ProbeSweep`; `DeviceClassifier` or `HomeNetClassifier`) on the last scan's devices, with what the
/// session learned in memory (`FindingsLog`) and every TCP connect holding a slot of the app's one
/// budget (`BudgetSlot`), so its cost and yield are the strategy's and it competes for the budget
/// as it would on the phone. Its time is the app's `classify` phase.
///
/// `AppSession` runs it once the session's actions are all over — after the last scan and any
/// tool still running — and after a settle: that is what the harness ran it after before (the
/// findings were the whole session's event log), and nothing else of the session is then on the
/// wire, so the harness can split its one capture at `started_unix_s` into the scan's packets
/// and the step's without either taking the other's.
struct ClassifyService: Sendable {
    var classify: Strategy.Classify
    var budget: any ConnectionBudget
    var events: (any EventSink)?

    /// The pause before the step, for the scan's last answers to arrive first: what the harness
    /// waited after the app before stopping the scan's capture (`EntryRunner`).
    static let settle = Duration.milliseconds(300)
    static let phase = SessionReport.Classify.phase

    /// Classifies `scan`'s devices; nil for `deep_probe: harness` (the harness's own probe, the
    /// same for every strategy, runs outside the app).
    func run(_ scan: ScanReport, findings: ScanFindings) async -> SessionReport.Classify? {
        guard classify.deepProbe != .harness else { return nil }
        try? await Task.sleep(for: Self.settle)
        let startedNs = RealtimeClock.now()
        let start = MonotonicClock.now()
        events?.record(.phaseStart(.init(phase: Self.phase, step: 0)))
        let known = classify.reuseScan ? findings : ScanFindings()
        let ips = scan.devices.compactMap { IPv4Address($0.ip) }
        let signals: [DeviceSignals]
        switch classify.deepProbe {
        case .none, .harness:
            signals = ProbeSweep.unprobed(ips, findings: known, marksGateway: classify.gatewayFlag)
        case .own:
            let sweep = ProbeSweep.classifying(classify, findings: known, slot: BudgetSlot.holding(budget))
            signals = ips.isEmpty ? [] : await sweep.run(ips)
        }
        let probed = ProbedScanReport(report: scan, probed: signals, classifier: classify.classifier)
        let elapsed = MonotonicClock.now() &- start
        events?.record(.phaseEnd(.init(phase: Self.phase, step: 0, outcome: .completed, elapsedNs: elapsed)))
        let devices = probed.devices.map { device in
            var entry = SessionReport.Classify.Device(
                ip: device.scanned.ip,
                category: device.verdict.category,
                rule: device.verdict.rule,
                evidence: device.verdict.evidence,
                displayName: device.verdict.name
            )
            entry.nativeCategory = device.verdict.nativeCategory
            entry.connectLatencyMs = device.verdict.signals.connectLatencyMs
            entry.link = device.verdict.signals.link
            return entry
        }
        return SessionReport.Classify(
            deepProbe: classify.deepProbe.rawValue,
            startedUnixS: Double(startedNs) / 1e9,
            seconds: Double(elapsed) / 1e9,
            devices: devices
        )
    }
}
