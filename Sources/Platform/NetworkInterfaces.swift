#if canImport(Glibc)
import Glibc
#endif
import Wire

/// The host's interfaces and their IPv4 addresses, from `getifaddrs`.
public enum NetworkInterfaces {
    /// One `getifaddrs` entry: an interface's link entry (no IPv4 address) or one of its IPv4 addresses.
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// `IFF_UP`: configured up.
        public var isUp: Bool
        /// `IFF_RUNNING`: the link is there.
        public var isRunning: Bool
        /// The IPv4 address and prefix length, nil for an entry of another family.
        public var ipv4: (address: IPv4Address, prefixLength: Int)?

        public init(name: String, isUp: Bool, isRunning: Bool, ipv4: (address: IPv4Address, prefixLength: Int)?) {
            self.name = name
            self.isUp = isUp
            self.isRunning = isRunning
            self.ipv4 = ipv4
        }

        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.name == rhs.name && lhs.isUp == rhs.isUp && lhs.isRunning == rhs.isRunning
                && lhs.ipv4?.address == rhs.ipv4?.address && lhs.ipv4?.prefixLength == rhs.ipv4?.prefixLength
        }
    }

    /// Every entry in the kernel's order; empty when `getifaddrs` fails.
    public static func entries() -> [Entry] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [Entry] = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let name = entry.pointee.ifa_name.map({ String(cString: $0) }) else { continue }
            let flags = entry.pointee.ifa_flags
            var ipv4: (IPv4Address, Int)?
            if let raw = entry.pointee.ifa_addr, raw.pointee.sa_family == sa_family_t(AF_INET) {
                let address = IPv4Address(
                    raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
                    }
                )
                let bits = entry.pointee.ifa_netmask.map {
                    $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
                    }.nonzeroBitCount
                }
                ipv4 = (address, bits ?? 0)
            }
            found.append(
                Entry(
                    name: name,
                    isUp: flags & UInt32(IFF_UP) != 0,
                    isRunning: flags & UInt32(IFF_RUNNING) != 0,
                    ipv4: ipv4
                )
            )
        }
        return found
    }

    /// The first IPv4 address and prefix length of `interface`; nil when it has none or does not exist.
    public static func ipv4Address(of interface: String) -> (address: IPv4Address, prefixLength: Int)? {
        entries().first { $0.name == interface && $0.ipv4 != nil }?.ipv4
    }
}
