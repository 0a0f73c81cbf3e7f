import Wire

/// Which addresses a scan probes and which network passive finds must belong to (spec §2.8).
public struct TargetPlan: Sendable, Equatable {
    /// Addresses to probe, ascending; never includes the scanner's own address.
    public var hosts: [IPv4Address]
    /// The target network; the subnet filter is membership of it.
    public var network: IPv4Network

    /// Plans targets for an interface address and prefix.
    ///
    /// - `netmask`: the interface's network, usable hosts minus our own; when there are more than
    ///   `maxHosts`, a window of `maxHosts` addresses centred on ours, shifted to stay inside the
    ///   network (NetMonitor's cap of 1024).
    /// - `assume_24`: the /24 of our address, .1–.254 minus our own, whatever the real mask.
    /// - Parameters:
    ///   - address: the scanner's address.
    ///   - prefixLength: the interface's prefix (ignored by `assume_24`).
    ///   - policy: the strategy's `subnet.policy`.
    ///   - maxHosts: the strategy's `subnet.max_hosts`.
    public init(address: IPv4Address, prefixLength: Int, policy: Strategy.SubnetPolicy, maxHosts: Int = 1024) {
        precondition(maxHosts >= 1, "maxHosts must be at least 1")
        switch policy {
        case .assume24:
            network = IPv4Network(address: address, prefixLength: 24)
            let base = network.address.value
            hosts = (1...254).map { IPv4Address(base + UInt32($0)) }.filter { $0 != address }
        case .netmask:
            network = IPv4Network(address: address, prefixLength: prefixLength)
            let usable = Self.usableHosts(of: network).filter { $0 != address }
            guard usable.count > maxHosts else {
                hosts = usable
                return
            }
            // Index where our address sits (or would sit) in the ascending list.
            let ours = usable.firstIndex { $0 > address } ?? usable.count
            let start = min(max(ours - maxHosts / 2, 0), usable.count - maxHosts)
            hosts = Array(usable[start..<(start + maxHosts)])
        }
    }

    /// Whether `ip` passes the subnet filter.
    public func contains(_ ip: IPv4Address) -> Bool { network.contains(ip) }

    private static func usableHosts(of network: IPv4Network) -> [IPv4Address] {
        // Avoid materialising a /8 just to take a window: enumerate lazily by value range.
        let low = network.prefixLength >= 31 ? network.address.value : network.address.value + 1
        let high = network.prefixLength >= 31 ? network.broadcast.value : network.broadcast.value - 1
        guard low <= high else { return [] }
        return (low...high).map(IPv4Address.init)
    }
}
