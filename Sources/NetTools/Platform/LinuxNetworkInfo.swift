import Foundation
import Wire

/// Reads the kernel's routing and neighbour tables from /proc (Linux): the default gateway and
/// MAC addresses of hosts on the link.
public enum LinuxNetworkInfo {
    /// The IPv4 default gateway (/proc/net/route), nil when none.
    public static func defaultGateway(routeTable: String? = readProcFile("/proc/net/route")) -> IPv4Address? {
        for line in (routeTable ?? "").split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count > 2, fields[1] == "00000000", let value = UInt32(fields[2], radix: 16) else { continue }
            // The field is the network-order address printed as a host-order (little-endian) word.
            return IPv4Address(value.byteSwapped)
        }
        return nil
    }

    /// The MAC of `ip` from the neighbour table (/proc/net/arp); nil when incomplete or absent.
    public static func mac(of ip: IPv4Address, arpTable: String? = readProcFile("/proc/net/arp")) -> MACAddress? {
        for line in (arpTable ?? "").split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 4, fields[0] == ip.description, fields[2] != "0x0", let mac = MACAddress(fields[3]), mac != .zero else { continue }
            return mac
        }
        return nil
    }

    /// The whole text of a /proc file, read to end of file. /proc files report size 0, and
    /// Foundation's `String(contentsOfFile:)` then returns only the first 4 KB: about 50
    /// neighbours of `/proc/net/arp`, so on a larger LAN most MACs (and vendors) went missing.
    public static func readProcFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data += chunk.prefix(count)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
