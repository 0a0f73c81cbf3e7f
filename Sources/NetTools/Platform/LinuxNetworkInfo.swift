import Foundation
import Sockets
import Wire

/// Reads the kernel's routing and neighbour tables from /proc (Linux): the default gateway and
/// MAC addresses of hosts on the link.
public enum LinuxNetworkInfo {
    /// The IPv4 default gateway (/proc/net/route), nil when none.
    public static func defaultGateway(routeTable: String? = ProcFile.text("/proc/net/route")) -> IPv4Address? {
        for line in (routeTable ?? "").split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count > 2, fields[1] == "00000000", let value = UInt32(fields[2], radix: 16) else { continue }
            // The field is the network-order address printed as a host-order (little-endian) word.
            return IPv4Address(value.byteSwapped)
        }
        return nil
    }

    /// The MAC of `ip` from the neighbour table (/proc/net/arp); nil when incomplete or absent.
    public static func mac(of ip: IPv4Address, arpTable: String? = ProcFile.text("/proc/net/arp")) -> MACAddress? {
        for line in (arpTable ?? "").split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 4, fields[0] == ip.description, fields[2] != "0x0", let mac = MACAddress(fields[3]), mac != .zero else { continue }
            return mac
        }
        return nil
    }
}
