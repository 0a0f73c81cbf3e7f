#if canImport(Glibc)
import Glibc
#endif
import Wire

/// Names from the system resolver (nsswitch: files, DNS, mDNS as the host is set up).
public enum HostNames {
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
