/// Every knob of the discovery stack that NetMonitor's history and its architecture review argue
/// about, loaded from a YAML strategy file (`StrategyLoader`).
///
/// `Strategy()` is NetMonitor 2.0 as of 2026-04-27 (`fixtures/strategies/netmonitor-2.0.yaml`);
/// a file only needs the keys it changes. Keys are snake_case. Every knob, its default and its
/// meaning are listed in docs/STRATEGIES.md.
public struct Strategy: Codable, Sendable, Equatable {
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

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, subnet, budget, pipeline, arp, bonjour, tcp, enrichment, ssdp, icmp, ptr, publishing, tools, classify
        case bindToInterface = "bind_to_interface"
    }

    /// Every knob `scanbench tune` may vary, with its values: each section declares its own next
    /// to its knobs (`tunable`). Labels, port lists, Bonjour types, the pipeline's layout and the
    /// tools' knobs are not in it (see `KnobRange`).
    public static let searchSpace: [KnobRange] =
        Subnet.tunable.map { $0.under(CodingKeys.subnet) } + Budget.tunable.map { $0.under(CodingKeys.budget) }
        + Pipeline.tunable.map { $0.under(CodingKeys.pipeline) } + ARP.tunable.map { $0.under(CodingKeys.arp) }
        + Bonjour.tunable.map { $0.under(CodingKeys.bonjour) } + TCP.tunable.map { $0.under(CodingKeys.tcp) }
        + Enrichment.tunable.map { $0.under(CodingKeys.enrichment) } + SSDP.tunable.map { $0.under(CodingKeys.ssdp) }
        + ICMP.tunable.map { $0.under(CodingKeys.icmp) } + PTR.tunable.map { $0.under(CodingKeys.ptr) }
        + Publishing.tunable.map { $0.under(CodingKeys.publishing) }

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

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = Strategy()
        name = try c.decode(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        subnet = try c.value(.subnet, or: d.subnet)
        bindToInterface = try c.value(.bindToInterface, or: d.bindToInterface)
        budget = try c.value(.budget, or: d.budget)
        pipeline = try c.value(.pipeline, or: d.pipeline)
        arp = try c.value(.arp, or: d.arp)
        bonjour = try c.value(.bonjour, or: d.bonjour)
        tcp = try c.value(.tcp, or: d.tcp)
        enrichment = try c.value(.enrichment, or: d.enrichment)
        ssdp = try c.value(.ssdp, or: d.ssdp)
        icmp = try c.value(.icmp, or: d.icmp)
        ptr = try c.value(.ptr, or: d.ptr)
        publishing = try c.value(.publishing, or: d.publishing)
        tools = try c.value(.tools, or: d.tools)
        classify = try c.value(.classify, or: d.classify)
    }

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
