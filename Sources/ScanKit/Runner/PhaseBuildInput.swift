import AppContract
import Wire
import AppInputs

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
    /// The scanning interface (whether or not sockets are bound to it).
    public var interface: String?
    /// The scanner's own address on it.
    public var localIP: IPv4Address?
    /// The app's long-lived Bonjour service (`SharedResources.bonjour`); nil: the phase makes its own browser.
    public var bonjourService: BonjourDiscoveryService?

    public init(
        strategy: Strategy,
        scanStartNs: UInt64,
        randomEnrichmentPort: Int?,
        events: (any EventSink)?,
        interface: String? = nil,
        localIP: IPv4Address? = nil,
        bonjourService: BonjourDiscoveryService? = nil
    ) {
        self.bonjourService = bonjourService
        self.interface = interface
        self.localIP = localIP
        self.strategy = strategy
        self.scanStartNs = scanStartNs
        self.randomEnrichmentPort = randomEnrichmentPort
        self.events = events
    }
}
