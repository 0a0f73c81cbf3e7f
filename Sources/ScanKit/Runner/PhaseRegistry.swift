import AppInputs

/// Builds the phases a strategy names, keyed by phase id.
///
/// The scan runner asks the registry for every phase in `Strategy.resolvedSteps`. A phase kind
/// with no factory is not skipped: it becomes a `NotBuiltPhase`, which runs (doing nothing),
/// appears in the event log and is reported as `not_built` in the scan summary.
///
/// To plug a phase in, register a factory in `standard` (or on a copy of it), e.g.
/// `registry.register(.bonjour) { BonjourPhase(settings: $0.strategy.bonjour, …) }`. The factory
/// is called once per run, at scan start before the pipeline begins, so a phase that must start
/// listening at scan start (`bonjour.browse_from: scan_start`) can begin there.
public struct PhaseRegistry: Sendable {
    /// Makes one phase for a run.
    public typealias Factory = @Sendable (PhaseBuildInput) -> any ScanPhase

    private var factories: [PhaseKind: Factory] = [:]

    /// An empty registry (every phase `not_built`).
    public init() {}

    /// The phases ScanKit has: ARP, TCP probe, ICMP latency and reverse DNS from the socket
    /// layer, plus whatever listening phases (Bonjour, SSDP) are registered in
    /// `registerListeningPhases`.
    public static var standard: PhaseRegistry {
        var registry = PhaseRegistry()
        registry.register(.arp) { ARPPhase(settings: $0.strategy.arp) }
        registry.register(.tcpProbe) {
            TCPProbePhase(
                settings: $0.strategy.tcp,
                enrichment: $0.strategy.enrichment,
                randomPort: $0.randomEnrichmentPort
            )
        }
        registry.register(.icmpLatency) { ICMPLatencyPhase(settings: $0.strategy.icmp) }
        registry.register(.reverseDNS) { ReverseDNSPhase(settings: $0.strategy.ptr) }
        registerListeningPhases(&registry)
        return registry
    }

    /// Sets (or replaces) the factory for `kind`.
    public mutating func register(_ kind: PhaseKind, _ factory: @escaping Factory) {
        factories[kind] = factory
    }

    /// Whether `kind` has a factory.
    public func isBuilt(_ kind: PhaseKind) -> Bool { factories[kind] != nil }

    /// The phase for `kind`, or a `NotBuiltPhase` standing in for it.
    public func make(_ kind: PhaseKind, input: PhaseBuildInput) -> any ScanPhase {
        factories[kind].map { $0(input) } ?? NotBuiltPhase(kind: kind)
    }

    /// The listening phases: the mDNS browser and the SSDP search. With
    /// `bonjour.browse_from: scan_start` the browser starts here, before the pipeline, as
    /// NetMonitor's service does (a failure to open the socket is reported by the phase itself). In
    /// an app session the browser is a new session of the app's `BonjourDiscoveryService`.
    static func registerListeningPhases(_ registry: inout PhaseRegistry) {
        registry.register(.bonjour) { input in
            let browser = input.bonjourService?.begin(settings: input.strategy.bonjour, events: input.events)
            let phase = BonjourScanPhase(
                settings: input.strategy.bonjour,
                bindToInterface: input.strategy.bindToInterface,
                events: input.events,
                browser: browser
            )
            if input.strategy.bonjour.browseFrom == .scanStart {
                try? phase.startBrowsing(interface: input.interface, localIP: input.localIP)
            }
            return phase
        }
        registry.register(.ssdp) { SSDPScanPhase(strategy: $0.strategy, events: $0.events) }
    }
}
