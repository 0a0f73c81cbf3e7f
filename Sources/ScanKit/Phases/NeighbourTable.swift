import Platform
import Wire

/// The neighbours the ARP phase reports: the complete entries of the kernel's table
/// (`/proc/net/arp`, parsed by `ARPTable`).
///
/// Only complete entries count: flags with ATF_COM (0x2), i.e. 0x2 or 0x6 (complete +
/// permanent). Incomplete (0x0) entries and all-zero or broadcast MACs are skipped (spec §10).
public enum NeighbourTable {
    /// One usable entry.
    public struct Entry: Sendable, Equatable {
        public var ip: IPv4Address
        public var mac: MACAddress
        public var device: String
    }

    /// Parses the text of `/proc/net/arp` (header line first).
    /// - Parameter device: keep only entries on this interface; nil keeps all.
    public static func parse(_ text: String, device: String? = nil) -> [Entry] {
        usable(ARPTable.parse(text), device: device)
    }

    /// Reads and parses `/proc/net/arp`; empty when it cannot be read.
    public static func read(device: String? = nil, path: String = "/proc/net/arp") -> [Entry] {
        usable(ARPTable.read(path: path) ?? [], device: device)
    }

    private static func usable(_ rows: [ARPTable.Row], device: String?) -> [Entry] {
        rows.filter {
            $0.isComplete && $0.mac != .zero && $0.mac != .broadcast && (device == nil || $0.device == device)
        }
        .map { Entry(ip: $0.ip, mac: $0.mac, device: $0.device) }
    }
}
