import Wire

/// The kernel's IPv4 routing table as `/proc/net/route` shows it: the one parser of it, for the
/// scan (its gateway on the scanned interface) and the tools (the host's default gateway).
public enum RouteTable {
    /// One route.
    public struct Route: Sendable, Equatable {
        public var interface: String
        public var destination: IPv4Address
        /// The next hop; 0.0.0.0 for a route straight onto the link.
        public var gateway: IPv4Address
        /// True for a default route (destination 0.0.0.0).
        public var isDefault: Bool { destination == IPv4Address(0) }
    }

    /// Parses the text of `/proc/net/route` (header line first); malformed lines are skipped.
    public static func parse(_ text: String) -> [Route] {
        text.split(separator: "\n").dropFirst().compactMap { line in
            // Iface Destination Gateway Flags RefCnt Use Metric Mask MTU Window IRTT
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 3, let destination = address(fields[1]), let gateway = address(fields[2]) else {
                return nil
            }
            return Route(interface: String(fields[0]), destination: destination, gateway: gateway)
        }
    }

    /// The next hop of the first default route that has one (on `interface`, when given):
    /// what both the scan and the tools call "the gateway".
    public static func defaultGateway(in routes: [Route], interface: String? = nil) -> IPv4Address? {
        routes.first {
            $0.isDefault && $0.gateway != IPv4Address(0) && (interface == nil || $0.interface == interface)
        }?.gateway
    }

    /// Reads and parses `/proc/net/route`; nil when it cannot be read.
    public static func read(path: String = "/proc/net/route") -> [Route]? {
        ProcFile.text(path).map(parse)
    }

    /// The file prints each in_addr's bytes read as a native (little-endian) integer in hex.
    private static func address(_ field: Substring) -> IPv4Address? {
        UInt32(field, radix: 16).map { IPv4Address(UInt32(bigEndian: $0)) }
    }
}
