/// Every knob of the discovery stack that NetMonitor's history and its architecture review argue
/// about, loaded from a YAML strategy file (`StrategyLoader`).
///
/// `Strategy()` is NetMonitor 2.0 as of 2026-04-27 (`fixtures/strategies/netmonitor-2.0.yaml`);
/// a file only needs the keys it changes. Keys are snake_case. Every knob is declared with its
/// meaning (`doc:`) in its section's `knobs` table; docs/STRATEGIES.md's tables are rendered from
/// them (`markdownTable`).
public struct Strategy: KnobSection, Equatable {
    /// Short name for reports, e.g. `review-baseline`.
    public var name: String
    /// A note for people reading the file; nothing reads it (not the scanner, not the reports).
    public var description: String?
    public var subnet: Subnet
    /// Bind every socket to the scanning interface (`SO_BINDTODEVICE`), as NetMonitor restricts
    /// its connections to Wi-Fi.
    public var bindToInterface: Bool
    public var budget: Budget
    public var pipeline: Pipeline
    public var arp: ARP
    public var bonjour: Bonjour
    public var tcp: TCP
    public var enrichment: Enrichment
    public var ssdp: SSDP
    public var icmp: ICMP
    public var ptr: PTR
    public var publishing: Publishing
    public var tools: Tools
    /// How a category is put on each device after the scan (`Classify`).
    public var classify: Classify

    /// The top level's knobs and sections, declared once (`Knob`); each section declares its own.
    static let knobs: [Knob<Strategy>] = [
        Knob(required: "name", \.name, doc: "short name used in reports"),
        Knob(
            "description",
            \.description,
            doc:
                "a note for people reading the file; nothing reads it — not the scanner, not `results.json`, not the reports"
        ),
        Knob(section: "subnet", \.subnet),
        Knob(
            "bind_to_interface",
            \.bindToInterface,
            doc:
                "bind every socket to the scanning interface (`SO_BINDTODEVICE`), as NetMonitor restricts connections to Wi-Fi"
        ),
        Knob(section: "budget", \.budget),
        Knob(section: "pipeline", \.pipeline),
        Knob(section: "arp", \.arp),
        Knob(section: "bonjour", \.bonjour),
        Knob(section: "tcp", \.tcp),
        Knob(section: "enrichment", \.enrichment),
        Knob(section: "ssdp", \.ssdp),
        Knob(section: "icmp", \.icmp),
        Knob(section: "ptr", \.ptr),
        Knob(section: "publishing", \.publishing),
        Knob(section: "tools", \.tools),
        Knob(section: "classify", \.classify),
    ]

    /// Every knob `scanbench tune` may vary, with its values: each knob declares its own (`tune:`
    /// in its section's `knobs`). Labels, port lists, Bonjour types, the pipeline's layout and the
    /// tools' knobs are not in it (see `KnobRange`).
    public static let searchSpace: [KnobRange] = tunable

    /// NetMonitor 2.0's strategy.
    public init() {
        name = "netmonitor-2.0"
        description = nil
        subnet = Subnet()
        bindToInterface = true
        budget = Budget()
        pipeline = Pipeline()
        arp = ARP()
        bonjour = Bonjour()
        tcp = TCP()
        enrichment = Enrichment()
        ssdp = SSDP()
        icmp = ICMP()
        ptr = PTR()
        publishing = Publishing()
        tools = Tools()
        classify = Classify()
    }

    public init(from decoder: any Decoder) throws { try self.init(knobsFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeKnobs(to: encoder) }

    /// Whether the phase is switched on.
    public func isEnabled(_ phase: PhaseKind) -> Bool {
        switch phase {
        case .arp: arp.enabled
        case .bonjour: bonjour.enabled
        case .tcpProbe: tcp.enabled
        case .ssdp: ssdp.enabled
        case .icmpLatency: icmp.enabled
        case .reverseDNS: ptr.enabled
        }
    }

    /// The steps the engine runs: `pipeline.steps` when given, else NetMonitor's layout
    /// ([ARP+Bonjour] → [TCP+SSDP] → [ICMP] → [PTR]) with SSDP moved per `ssdp.placement`;
    /// disabled phases and then empty steps are dropped.
    public var resolvedSteps: [Pipeline.Step] {
        let steps: [Pipeline.Step]
        if let explicit = pipeline.steps {
            steps = explicit
        } else {
            var layout: [Pipeline.Step] = [
                .init(phases: [.arp, .bonjour], concurrent: true),
                .init(phases: [.tcpProbe], concurrent: true),
                .init(phases: [.icmpLatency], concurrent: false),
                .init(phases: [.reverseDNS], concurrent: false),
            ]
            switch ssdp.placement {
            case .withTCP: layout[1].phases.append(.ssdp)
            case .withBonjour: layout[0].phases.append(.ssdp)
            case .afterTCP: layout.insert(.init(phases: [.ssdp], concurrent: false), at: 2)
            }
            steps = layout
        }
        return steps.compactMap { step in
            let phases = step.phases.filter(isEnabled)
            return phases.isEmpty ? nil : Pipeline.Step(phases: phases, concurrent: step.concurrent)
        }
    }
}
