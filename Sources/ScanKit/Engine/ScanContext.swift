import AppContract
import Wire

/// Inputs shared by every phase of one scan.
public struct ScanContext: Sendable {
    /// Addresses to probe actively (TCP, ARP poke), in order; excludes the scanner's own address.
    public var hosts: [IPv4Address]
    /// "Does this address belong to the target network?" — applied to everything learned
    /// passively (neighbour table, Bonjour, SSDP).
    public var subnetFilter: @Sendable (IPv4Address) -> Bool
    /// The scanner's own address, when known.
    public var localIP: IPv4Address?
    /// The default gateway, when known (direct PTR queries go there).
    public var gateway: IPv4Address?
    /// Interface to bind sockets to (`SO_BINDTODEVICE`), nil for none.
    public var interface: String?
    /// The run's connection budget.
    public var budget: any ConnectionBudget
    /// The run's thermal multiplier (host concurrency is scaled by it at phase start).
    public var thermal: ThermalThrottle
    /// Where phases log connections and packets.
    public var events: (any EventSink)?

    public init(
        hosts: [IPv4Address],
        subnetFilter: @escaping @Sendable (IPv4Address) -> Bool = { _ in true },
        localIP: IPv4Address? = nil,
        gateway: IPv4Address? = nil,
        interface: String? = nil,
        budget: any ConnectionBudget = StructuredConnectionBudget(limit: nil),
        thermal: ThermalThrottle = ThermalThrottle(),
        events: (any EventSink)? = nil
    ) {
        self.hosts = hosts
        self.subnetFilter = subnetFilter
        self.localIP = localIP
        self.gateway = gateway
        self.interface = interface
        self.budget = budget
        self.thermal = thermal
        self.events = events
    }

    /// A context whose filter is membership of `network`.
    public init(
        network: IPv4Network,
        hosts: [IPv4Address],
        localIP: IPv4Address? = nil,
        gateway: IPv4Address? = nil,
        interface: String? = nil,
        budget: any ConnectionBudget = StructuredConnectionBudget(limit: nil),
        thermal: ThermalThrottle = ThermalThrottle(),
        events: (any EventSink)? = nil
    ) {
        self.init(
            hosts: hosts,
            subnetFilter: { network.contains($0) },
            localIP: localIP,
            gateway: gateway,
            interface: interface,
            budget: budget,
            thermal: thermal,
            events: events
        )
    }
}
