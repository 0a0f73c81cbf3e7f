import Platform
import Wire

/// Name resolution for the tools through the C library (Platform's `HostNames`: getaddrinfo,
/// getnameinfo), which follows /etc/hosts, /etc/resolv.conf and nsswitch as every other tool on
/// the machine does; adds the tools' rules (a dotted quad is itself, a PTR equal to the IP is none).
public enum HostResolver {
    /// Resolves a host name or dotted quad to its first IPv4 address.
    /// - Throws: ``NetToolError/unknownHost(_:)`` when the name does not resolve.
    public static func resolve(_ host: String) throws(NetToolError) -> IPv4Address {
        if let literal = IPv4Address(host) { return literal }
        guard !host.isEmpty, host.utf8.count < 254 else { throw .unknownHost(host) }
        guard let address = HostNames.address(of: host) else { throw .unknownHost(host) }
        return address
    }

    /// The PTR name of `ip` (getnameinfo with NI_NAMEREQD), or nil when there is none.
    public static func reverse(_ ip: IPv4Address) -> String? {
        guard let name = HostNames.reverse(ip) else { return nil }
        return name.isEmpty || name == ip.description ? nil : name
    }
}
