#if canImport(Glibc)
import Glibc
#endif
import Wire

/// Socket options: every `setsockopt` ScanBench makes.
extension Socket {
    /// Sets an integer option; `label` names it in the error.
    public func setOption(_ level: Int32, _ name: Int32, _ value: Int32, _ label: String) throws(SystemError) {
        var value = value
        guard setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw SystemError("setsockopt(\(label))")
        }
    }

    /// Asks for a send buffer of `bytes`: `SO_SNDBUFFORCE` where the caller may (CAP_NET_ADMIN),
    /// else `SO_SNDBUF`, which the kernel caps at `net.core.wmem_max`. On Linux a datagram waiting
    /// for ARP resolution keeps its buffer charged to the socket (about 0.7 KB for a 1-byte
    /// payload), so a sweep over hundreds of unresolved addresses fills the default 208 KB.
    /// - Returns: the size the kernel granted (it reports twice the request, for its bookkeeping).
    @discardableResult
    public func requestSendBuffer(bytes: Int) -> Int {
        let wanted = Int32(clamping: bytes)
        if (try? setOption(SOL_SOCKET, SO_SNDBUFFORCE, wanted, "SO_SNDBUFFORCE")) == nil {
            try? setOption(SOL_SOCKET, SO_SNDBUF, wanted, "SO_SNDBUF")
        }
        var granted: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &granted, &length)
        return Int(granted)
    }

    /// Sets the IPv4 TTL of outgoing packets (`IP_TTL`).
    public func setTTL(_ ttl: Int) throws(SystemError) {
        try setOption(Int32(IPPROTO_IP), IP_TTL, Int32(ttl), "IP_TTL")
    }

    /// Queues ICMP errors for this socket on its error queue (`IP_RECVERR`).
    public func enableErrorQueue() throws(SystemError) { try setOption(Int32(IPPROTO_IP), IP_RECVERR, 1, "IP_RECVERR") }

    /// Asks for kernel receive timestamps in nanoseconds (`SO_TIMESTAMPNS`).
    public func enableTimestamps() throws(SystemError) {
        try setOption(SOL_SOCKET, Self.soTimestampNS, 1, "SO_TIMESTAMPNS")
    }

    /// Allows sending to broadcast addresses (`SO_BROADCAST`).
    public func enableBroadcast() throws(SystemError) { try setOption(SOL_SOCKET, SO_BROADCAST, 1, "SO_BROADCAST") }

    /// Lets a listener rebind a port still in TIME_WAIT (`SO_REUSEADDR`).
    public func enableAddressReuse() throws(SystemError) { try setOption(SOL_SOCKET, SO_REUSEADDR, 1, "SO_REUSEADDR") }

    /// Lets several sockets bind the same port (`SO_REUSEADDR` and `SO_REUSEPORT`; Network.framework's
    /// `allowLocalEndpointReuse`).
    public func enableReuse() throws(SystemError) {
        try enableAddressReuse()
        try setOption(SOL_SOCKET, SO_REUSEPORT, 1, "SO_REUSEPORT")
    }

    /// Restricts the socket to `interface` (`SO_BINDTODEVICE`; needs CAP_NET_RAW on old kernels,
    /// ENODEV for a bad name).
    public func bindToDevice(_ interface: String) throws(SystemError) {
        let result = interface.withCString { name in
            setsockopt(descriptor, SOL_SOCKET, SO_BINDTODEVICE, name, socklen_t(strlen(name) + 1))
        }
        guard result == 0 else { throw SystemError("setsockopt(SO_BINDTODEVICE, \(interface))") }
    }

    /// Makes blocking reads give up after `seconds` (`SO_RCVTIMEO`; they then report nothing read).
    public func setReceiveTimeout(seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends multicast from the interface with index `interfaceIndex` (0: the one that owns
    /// `localIP`) with `ttl`, without looping it back to this host, and first joins `group` there
    /// when `join` is set: what mDNS and SSDP senders and responders do.
    public func configureMulticast(
        group: IPv4Address,
        interfaceIndex: Int32,
        localIP: IPv4Address?,
        ttl: Int32,
        join: Bool
    ) throws(SystemError) {
        var request = ip_mreqn()
        request.imr_multiaddr = in_addr(s_addr: group.value.bigEndian)
        request.imr_address = in_addr(s_addr: (localIP ?? IPv4Address(0)).value.bigEndian)
        request.imr_ifindex = interfaceIndex
        let size = socklen_t(MemoryLayout<ip_mreqn>.size)
        if join, setsockopt(descriptor, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &request, size) < 0 {
            throw SystemError("join multicast group \(group)")
        }
        guard setsockopt(descriptor, Int32(IPPROTO_IP), IP_MULTICAST_IF, &request, size) == 0 else {
            throw SystemError("setsockopt(IP_MULTICAST_IF)")
        }
        try setOption(Int32(IPPROTO_IP), IP_MULTICAST_TTL, ttl, "IP_MULTICAST_TTL")
        try setOption(Int32(IPPROTO_IP), IP_MULTICAST_LOOP, 0, "IP_MULTICAST_LOOP")
    }

    /// Joins an IPv4 multicast group on the interface the kernel picks and sets the multicast TTL to 255.
    public func joinMulticast(_ group: IPv4Address) throws(SystemError) {
        var request = ip_mreq(imr_multiaddr: in_addr(s_addr: group.value.bigEndian), imr_interface: in_addr(s_addr: 0))
        guard
            setsockopt(
                descriptor,
                Int32(IPPROTO_IP),
                IP_ADD_MEMBERSHIP,
                &request,
                socklen_t(MemoryLayout<ip_mreq>.size)
            ) == 0
        else {
            throw SystemError("join multicast group \(group)")
        }
        try setOption(Int32(IPPROTO_IP), IP_MULTICAST_TTL, 255, "IP_MULTICAST_TTL")
    }

    /// The index of the interface called `name`, 0 when there is none (`if_nametoindex`).
    public static func interfaceIndex(named name: String) -> Int32 { Int32(if_nametoindex(name)) }

    /// `SO_TIMESTAMPNS` (35 in asm-generic and x86).
    public static let soTimestampNS: Int32 = 35
}
