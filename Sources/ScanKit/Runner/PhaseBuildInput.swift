import Wire

/// What a `PhaseRegistry` factory gets to build a phase for one run.
public struct PhaseBuildInput: Sendable {
    /// The run's strategy (every knob).
    public var strategy: Strategy
    /// `CLOCK_MONOTONIC` ns when the scan started (windows measured "from scan start").
    public var scanStartNs: UInt64
    /// The enrichment race's random high port, chosen once per run; nil when the strategy has none.
    public var randomEnrichmentPort: Int?
    /// The run's event log.
    public var events: (any EventSink)?

    public init(strategy: Strategy, scanStartNs: UInt64, randomEnrichmentPort: Int?, events: (any EventSink)?) {
        self.strategy = strategy
        self.scanStartNs = scanStartNs
        self.randomEnrichmentPort = randomEnrichmentPort
        self.events = events
    }
}
