import Wire
import AppInputs

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
            // The usable hosts are the value range low...high without our own address; the window
            // is computed on indices so a /8 is never materialised (16 M addresses).
            let (low, high) = Self.usableRange(of: network)
            guard low <= high else {
                hosts = []
                return
            }
            let inside = (low...high).contains(address.value)
            let count = Int(high - low) + (inside ? 0 : 1)
            // Index where our address sits (or would sit) in the ascending list.
            let ours = address.value < low ? 0 : address.value > high ? count : Int(address.value - low)
            let start = count > maxHosts ? min(max(ours - maxHosts / 2, 0), count - maxHosts) : 0
            hosts = (start..<(start + min(count, maxHosts))).map { index in
                let value = low + UInt32(index)
                return IPv4Address(inside && value >= address.value ? value + 1 : value)
            }
        }
    }

    /// Whether `ip` passes the subnet filter.
    public func contains(_ ip: IPv4Address) -> Bool { network.contains(ip) }

    /// The first and last usable host values (all of a /31 or /32; else without network and broadcast).
    private static func usableRange(of network: IPv4Network) -> (low: UInt32, high: UInt32) {
        let low = network.prefixLength >= 31 ? network.address.value : network.address.value + 1
        let high = network.prefixLength >= 31 ? network.broadcast.value : network.broadcast.value &- 1
        return (low, high)
    }
}
