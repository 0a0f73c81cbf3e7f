#if canImport(Glibc)
import Glibc
#endif
import Wire

/// Name resolution through the C library (getaddrinfo / getnameinfo), which follows
/// /etc/hosts, /etc/resolv.conf and nsswitch as every other tool on the machine does.
public enum HostResolver {
    /// Resolves a host name or dotted quad to its first IPv4 address.
    /// - Throws: ``NetToolError/unknownHost(_:)`` when the name does not resolve.
    public static func resolve(_ host: String) throws(NetToolError) -> IPv4Address {
        if let literal = IPv4Address(host) { return literal }
        guard !host.isEmpty, host.utf8.count < 254 else { throw .unknownHost(host) }
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0, let first = result else { throw .unknownHost(host) }
        defer { freeaddrinfo(result) }
        guard let address = first.pointee.ai_addr else { throw .unknownHost(host) }
        let ip = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
        return IPv4Address(ip)
    }

    /// The PTR name of `ip` (getnameinfo with NI_NAMEREQD), or nil when there is none.
    public static func reverse(_ ip: IPv4Address) -> String? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: ip.value.bigEndian)
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NAMEREQD)
            }
        }
        guard status == 0 else { return nil }
        let name = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty || name == ip.description ? nil : name
    }
}
