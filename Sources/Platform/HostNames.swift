#if canImport(Glibc)
import Glibc
#endif
import Wire

/// Names from the system resolver (nsswitch: files, DNS, mDNS as the host is set up).
public enum HostNames {
    /// The first IPv4 address `host` resolves to (`getaddrinfo`, /etc/hosts and DNS as nsswitch
    /// says); nil when it does not resolve. Blocks.
    public static func address(of host: String) -> IPv4Address? {
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0, let first = result else { return nil }
        defer { freeaddrinfo(result) }
        guard let address = first.pointee.ai_addr else { return nil }
        return IPv4Address(
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
            }
        )
    }

    /// The name the system resolver gives `ip` (`getnameinfo` with `NI_NAMEREQD`); nil when it
    /// has none. Blocks.
    public static func reverse(_ ip: IPv4Address) -> String? {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let result = Socket.Address(ip: ip, port: 0).withSockaddr { address, length in
            getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NAMEREQD)
        }
        guard result == 0 else { return nil }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
