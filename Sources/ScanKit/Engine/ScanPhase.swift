/// One discovery technique (ARP, Bonjour, TCP probe, SSDP, ICMP latency, reverse DNS, or a
/// test's stub), run by `ScanEngine` as part of a `ScanPipeline` step.
///
/// Contract, as NetMonitor's: results go only through the accumulator; phase-local progress in
/// [0, 1] goes through `progress` (0 first, 1 last). Unlike NetMonitor, a phase that ignores
/// cancellation cannot stall the scan: the engine abandons it at the phase deadline.
public protocol ScanPhase: Sendable {
    /// Stable identifier, e.g. `tcp_probe`; used in events and progress.
    var id: String { get }
    /// Text the UI shows while the phase runs, e.g. "Probing ports…".
    var displayName: String { get }
    /// Relative share of overall progress (NetMonitor: 0.10 for ARP … 0.55 for TCP).
    var weight: Double { get }

    /// Runs the technique.
    /// - Parameters:
    ///   - context: targets, filter, budget and event log shared by all phases.
    ///   - accumulator: where results go.
    ///   - progress: phase-local progress in [0, 1].
    func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async
}
