import Wire

/// The kernel's IPv4 neighbour (ARP) table as `/proc/net/arp` shows it, every row as it stands:
/// the one parser of it. ScanKit's ARP phase keeps complete entries only; the tools' MAC lookup
/// keeps any that is not incomplete.
public enum ARPTable {
    /// One row.
    public struct Row: Sendable, Equatable {
        public var ip: IPv4Address
        /// `ATF_*` flags: 0x2 complete, 0x4 permanent; 0x0 an incomplete entry.
        public var flags: UInt32
        public var mac: MACAddress
        public var device: String

        /// Complete (ATF_COM), and permanent at most: flags 0x2 or 0x6.
        public var isComplete: Bool { flags & 0x2 != 0 && flags & ~UInt32(0x6) == 0 }
    }

    /// Parses the text of `/proc/net/arp` (header line first); malformed lines are skipped.
    public static func parse(_ text: String) -> [Row] {
        text.split(separator: "\n").dropFirst().compactMap { line in
            // IP address, HW type, Flags, HW address, Mask, Device
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 6, let ip = IPv4Address(fields[0]),
                let flags = UInt32(fields[2].hasPrefix("0x") ? fields[2].dropFirst(2) : fields[2], radix: 16),
                let mac = MACAddress(fields[3])
            else { return nil }
            return Row(ip: ip, flags: flags, mac: mac, device: String(fields[5]))
        }
    }

    /// Reads and parses `/proc/net/arp`; nil when it cannot be read.
    public static func read(path: String = "/proc/net/arp") -> [Row]? {
        ProcFile.text(path).map(parse)
    }
}
