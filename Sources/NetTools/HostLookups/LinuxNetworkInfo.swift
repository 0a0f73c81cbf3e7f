import Platform
import Wire

/// The kernel's routing and neighbour tables as the tools use them (parsed by Platform's
/// `RouteTable` and `ARPTable`): the default gateway and MAC addresses of hosts on the link.
public enum LinuxNetworkInfo {
    /// The IPv4 default gateway (/proc/net/route), nil when none.
    public static func defaultGateway(routeTable: String? = ProcFile.text("/proc/net/route")) -> IPv4Address? {
        RouteTable.defaultGateway(in: RouteTable.parse(routeTable ?? ""))
    }

    /// The MAC of `ip` from the neighbour table (/proc/net/arp); nil when incomplete or absent.
    public static func mac(of ip: IPv4Address, arpTable: String? = ProcFile.text("/proc/net/arp")) -> MACAddress? {
        ARPTable.parse(arpTable ?? "").first { $0.ip == ip && $0.flags != 0 && $0.mac != .zero }?.mac
    }
}
