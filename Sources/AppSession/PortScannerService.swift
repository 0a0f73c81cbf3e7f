import AppContract
import ScanKit
import Wire
import AppInputs

/// NetMonitor's `PortScannerService` (spec §5.4) inside the app: a sliding window of
/// `max_concurrent` connects, each holding a slot of the app's one budget, with the strategy's
/// `.waiting` policy, timeout and local endpoint reuse; callbacks on the strategy's executor.
struct PortScannerService: Sendable {
    var settings: Strategy.PortScanner
    var callbacks: CallbackQueue
    var budget: any ConnectionBudget
    var interface: String?
    var events: (any EventSink)?

    /// The state NetMonitor reports for a probe's outcome: ready → open; refused → closed;
    /// anything else (another error, the timer, cancellation) → filtered.
    static func state(of outcome: PortProbeOutcome) -> String {
        switch outcome {
        case .reachable: "open"
        case .refused: "closed"
        default: "filtered"
        }
    }

    /// The outcome's word in the report: reachable, refused, failed:ERROR, timeout, cancelled.
    static func name(of outcome: PortProbeOutcome) -> String {
        switch outcome {
        case .reachable: "reachable"
        case .refused: "refused"
        case .failed(let error): "failed:\(error)"
        case .timeout: "timeout"
        case .cancelled: "cancelled"
        }
    }

    /// Scans `ports` of `target`; when cancelled, ports not yet answered are reported as
    /// NetMonitor reports them (`filtered`) and the run is marked cancelled.
    func run(_ target: IPv4Address, ports: [Int], timeoutMs: Int) async -> SessionReport.PortScan {
        var scan = SessionReport.PortScan(
            target: target.description,
            timeoutMs: timeoutMs,
            waitingPolicy: settings.waitingPolicy.rawValue
        )
        let budget = self.budget
        let probes = ports.map { port in
            var probe = PortProbe(
                ip: target,
                port: port,
                timeoutMs: Double(timeoutMs),
                waitingPolicy: settings.waitingPolicy,
                interface: interface,
                phase: ScanEvent.toolPhase("ports"),
                events: events
            )
            probe.callbacks = callbacks
            probe.timestamps = .callback
            probe.reuseLocalEndpoint = settings.localEndpointReuse
            probe.connectionAPI = settings.connectionAPI
            return probe
        }
        scan.results = await withTaskGroup(of: SessionReport.PortResult.self) { group in
            var queue = probes[...]
            var results: [SessionReport.PortResult] = []
            func add(_ probe: PortProbe) {
                group.addTask {
                    let outcome = (try? await budget.withConnectionSlot { await probe.run() }) ?? .cancelled
                    let ms: Double? = if case .reachable(let ms) = outcome { ms } else { nil }
                    return SessionReport.PortResult(
                        port: probe.port,
                        state: Self.state(of: outcome),
                        outcome: Self.name(of: outcome),
                        rttMs: ms
                    )
                }
            }
            for _ in 0..<settings.maxConcurrent { if let next = queue.popFirst() { add(next) } }
            for await result in group {
                results.append(result)
                if let next = queue.popFirst() { add(next) }
            }
            return results.sorted { $0.port < $1.port }
        }
        scan.cancelled = Task.isCancelled
        return scan
    }
}
