import Sockets
import Wire

/// The kernel's IPv4 neighbour table as `/proc/net/arp` shows it.
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
        var entries: [Entry] = []
        for line in text.split(separator: "\n").dropFirst() {
            // IP address, HW type, Flags, HW address, Mask, Device
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 6, let ip = IPv4Address(fields[0]),
                  let flags = UInt32(fields[2].hasPrefix("0x") ? fields[2].dropFirst(2) : fields[2], radix: 16),
                  flags & 0x2 != 0, flags & ~UInt32(0x6) == 0,
                  let mac = MACAddress(fields[3]), mac != .zero, mac != .broadcast else { continue }
            let name = String(fields[5])
            if let device, name != device { continue }
            entries.append(Entry(ip: ip, mac: mac, device: name))
        }
        return entries
    }

    /// Reads and parses `/proc/net/arp`; empty when it cannot be read.
    public static func read(device: String? = nil, path: String = "/proc/net/arp") -> [Entry] {
        guard let text = ProcFile.text(path) else { return [] }
        return parse(text, device: device)
    }
}
