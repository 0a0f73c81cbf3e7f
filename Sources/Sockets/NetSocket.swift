#if canImport(Glibc)
import Glibc
#endif
import Wire

/// An IPv4 socket: the one place in ScanBench's network code (the ScanKit stack under test and the
/// NetTools tools) that calls socket functions, builds `sockaddr_in`, parses control messages
/// (kernel timestamps, queued ICMP errors) and reads `errno`.
///
/// The value only carries the descriptor; whoever creates a socket closes it with ``close()``.
/// It is `Sendable` because a descriptor is a plain integer and the kernel serialises calls on it.
public struct NetSocket: Sendable, Hashable {
    /// The file descriptor.
    public let descriptor: Int32

    /// A failed socket call: which call and the system's reason.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var operation: String
        public var code: Int32
        public var description: String { "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))" }
        /// True when the kernel refused for lack of permission (e.g. ping_group_range).
        public var isPermission: Bool { code == EACCES || code == EPERM || code == EPROTONOSUPPORT }
    }

    /// One datagram read from the socket, with the kernel's receive time when it gave one.
    public struct Datagram: Sendable {
        public var bytes: [UInt8]
        public var source: IPv4Address
        public var sourcePort: UInt16
        /// Kernel receive timestamp (CLOCK_REALTIME nanoseconds, `SO_TIMESTAMPNS`), if any.
        public var kernelTime: Int64?
    }

    /// An ICMP error queued by the kernel on a socket with `IP_RECVERR` (`MSG_ERRQUEUE`).
    public struct QueuedError: Sendable {
        /// 2 = an ICMP message from the network, 1 = a local error.
        public var origin: UInt8
        public var icmpType: UInt8
        public var icmpCode: UInt8
        /// The errno the error maps to.
        public var errno: Int32
        /// The node that sent the ICMP message (`SO_EE_OFFENDER`).
        public var offender: IPv4Address?
        /// The payload of the probe that caused it, as the kernel returns it.
        public var payload: [UInt8]
        /// Kernel timestamp of the ICMP arrival, if any.
        public var kernelTime: Int64?
        /// True for an ICMP error from the network (not a local one).
        public var isICMP: Bool { origin == 2 }
    }

    /// What a non-blocking `connect` said straight away.
    public enum ConnectStart: Sendable, Equatable {
        case inProgress
        case connected
        case failed(Int32)
    }

    // MARK: Creation

    /// An unprivileged ICMP datagram socket (`SOCK_DGRAM`/`IPPROTO_ICMP`).
    /// - Throws: ``Failure`` (EACCES when the group is outside `net.ipv4.ping_group_range`).
    public static func icmpDatagram() throws(Failure) -> NetSocket {
        try NetSocket(type: Int32(SOCK_DGRAM.rawValue), proto: Int32(IPPROTO_ICMP))
    }

    /// A UDP socket.
    public static func udp() throws(Failure) -> NetSocket { try NetSocket(type: Int32(SOCK_DGRAM.rawValue), proto: 0) }

    /// A non-blocking TCP socket.
    public static func tcp() throws(Failure) -> NetSocket {
        let socket = try NetSocket(type: Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), proto: 0)
        return socket
    }

    /// A non-blocking UDP socket (reads and writes return at once).
    public static func nonBlockingUDP() throws(Failure) -> NetSocket {
        try NetSocket(type: Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), proto: 0)
    }

    private init(type: Int32, proto: Int32) throws(Failure) {
        let fd = Glibc.socket(AF_INET, type | Int32(SOCK_CLOEXEC.rawValue), proto)
        guard fd >= 0 else { throw Failure(operation: "socket", code: errno) }
        descriptor = fd
    }

    /// Wraps a descriptor opened elsewhere (it stays the caller's to close).
    public init(adopting descriptor: Int32) { self.descriptor = descriptor }

    /// Closes the descriptor.
    public func close() { _ = Glibc.close(descriptor) }

    // MARK: Options

    /// Asks for a send buffer of `bytes`: `SO_SNDBUFFORCE` where the caller may (CAP_NET_ADMIN),
    /// else `SO_SNDBUF`, which the kernel caps at `net.core.wmem_max`. On Linux a datagram waiting
    /// for ARP resolution keeps its buffer charged to the socket (about 0.7 KB for a 1-byte
    /// payload), so a sweep over hundreds of unresolved addresses fills the default 208 KB.
    /// - Returns: the size the kernel granted (it reports twice the request, for its bookkeeping).
    @discardableResult
    public func requestSendBuffer(bytes: Int) -> Int {
        let wanted = Int32(clamping: bytes)
        if (try? set(SOL_SOCKET, SO_SNDBUFFORCE, wanted, "SO_SNDBUFFORCE")) == nil {
            try? set(SOL_SOCKET, SO_SNDBUF, wanted, "SO_SNDBUF")
        }
        var granted: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &granted, &length)
        return Int(granted)
    }

    private func set(_ level: Int32, _ name: Int32, _ value: Int32, _ label: String) throws(Failure) {
        var value = value
        guard setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw Failure(operation: "setsockopt(\(label))", code: errno)
        }
    }

    /// Sets the IPv4 TTL of outgoing packets (`IP_TTL`).
    public func setTTL(_ ttl: Int) throws(Failure) { try set(Int32(IPPROTO_IP), IP_TTL, Int32(ttl), "IP_TTL") }

    /// Queues ICMP errors for this socket on its error queue (`IP_RECVERR`).
    public func enableErrorQueue() throws(Failure) { try set(Int32(IPPROTO_IP), IP_RECVERR, 1, "IP_RECVERR") }

    /// Asks for kernel receive timestamps in nanoseconds (`SO_TIMESTAMPNS`).
    public func enableTimestamps() throws(Failure) { try set(SOL_SOCKET, Self.soTimestampNS, 1, "SO_TIMESTAMPNS") }

    /// Allows sending to broadcast addresses (`SO_BROADCAST`).
    public func enableBroadcast() throws(Failure) { try set(SOL_SOCKET, SO_BROADCAST, 1, "SO_BROADCAST") }

    /// Lets several sockets bind the same port (`SO_REUSEADDR` and `SO_REUSEPORT`).
    public func enableReuse() throws(Failure) {
        try set(SOL_SOCKET, SO_REUSEADDR, 1, "SO_REUSEADDR")
        try set(SOL_SOCKET, SO_REUSEPORT, 1, "SO_REUSEPORT")
    }

    /// Restricts the socket to `interface` (`SO_BINDTODEVICE`; needs CAP_NET_RAW).
    public func bindToDevice(_ interface: String) throws(Failure) {
        let result = interface.withCString { name in
            setsockopt(descriptor, SOL_SOCKET, SO_BINDTODEVICE, name, socklen_t(strlen(name) + 1))
        }
        guard result == 0 else { throw Failure(operation: "SO_BINDTODEVICE \(interface)", code: errno) }
    }

    /// Sends multicast from `interface` (by index, else from `localIP`) with `ttl`, without
    /// looping it back to this host, and joins `group` there when `join` is set.
    public func configureMulticast(group: IPv4Address, interface: String?, localIP: IPv4Address?, ttl: Int32,
                                   join: Bool) throws(Failure) {
        var request = ip_mreqn()
        request.imr_multiaddr = in_addr(s_addr: group.value.bigEndian)
        request.imr_address = in_addr(s_addr: (localIP ?? IPv4Address(0)).value.bigEndian)
        request.imr_ifindex = interface.map { Int32(if_nametoindex($0)) } ?? 0
        let size = socklen_t(MemoryLayout<ip_mreqn>.size)
        if join, setsockopt(descriptor, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &request, size) < 0 {
            throw Failure(operation: "join multicast group \(group)", code: errno)
        }
        guard setsockopt(descriptor, Int32(IPPROTO_IP), IP_MULTICAST_IF, &request, size) == 0 else {
            throw Failure(operation: "IP_MULTICAST_IF", code: errno)
        }
        try set(Int32(IPPROTO_IP), IP_MULTICAST_TTL, ttl, "IP_MULTICAST_TTL")
        try set(Int32(IPPROTO_IP), IP_MULTICAST_LOOP, 0, "IP_MULTICAST_LOOP")
    }

    /// Joins an IPv4 multicast group on every interface and sets the multicast TTL.
    public func joinMulticast(_ group: IPv4Address) throws(Failure) {
        var request = ip_mreq(imr_multiaddr: in_addr(s_addr: group.value.bigEndian), imr_interface: in_addr(s_addr: 0))
        guard setsockopt(descriptor, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &request, socklen_t(MemoryLayout<ip_mreq>.size)) == 0 else {
            throw Failure(operation: "join multicast \(group)", code: errno)
        }
        try set(Int32(IPPROTO_IP), IP_MULTICAST_TTL, 255, "IP_MULTICAST_TTL")
    }

    /// Binds to `port` on every address.
    public func bind(port: UInt16) throws(Failure) {
        var address = Self.socketAddress(IPv4Address(0), port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw Failure(operation: "bind to port \(port)", code: errno) }
    }

    /// The local port the kernel gave the socket.
    public var localPort: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    // MARK: I/O

    /// Sends one datagram to `ip:port`.
    public func send(_ bytes: [UInt8], to ip: IPv4Address, port: UInt16) throws(Failure) {
        var address = Self.socketAddress(ip, port)
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard sent >= 0 else { throw Failure(operation: "sendto \(ip):\(port)", code: errno) }
    }

    /// Writes bytes on a connected stream socket (all of them, or throws).
    public func write(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EAGAIN || errno == EINTR { _ = wait(for: Int16(POLLOUT), milliseconds: 1000); continue }
                throw Failure(operation: "send", code: errno)
            }
            offset += written
        }
    }

    /// Reads what is available on a stream socket: nil at end of stream, [] when nothing is ready.
    public func read(maximum: Int = 16384) throws(Failure) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        let count = buffer.withUnsafeMutableBytes { Glibc.recv(descriptor, $0.baseAddress, maximum, Int32(MSG_DONTWAIT)) }
        if count < 0 {
            if errno == EAGAIN || errno == EINTR { return [] }
            throw Failure(operation: "recv", code: errno)
        }
        return count == 0 ? nil : Array(buffer[0..<count])
    }

    /// Waits up to `milliseconds` for `events` (POLLIN, POLLOUT); returns the events that fired.
    public func wait(for events: Int16, milliseconds: Int) -> Int16 {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let result = poll(&entry, 1, Int32(max(0, milliseconds)))
        return result > 0 ? entry.revents : 0
    }

    /// Waits on several sockets at once; returns each one's fired events (0 when none).
    public static func wait(_ sockets: [NetSocket], for events: Int16, milliseconds: Int) -> [Int16] {
        var entries = sockets.map { pollfd(fd: $0.descriptor, events: events, revents: 0) }
        let result = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), Int32(max(0, milliseconds))) }
        return result > 0 ? entries.map(\.revents) : Array(repeating: 0, count: sockets.count)
    }

    /// Receives one datagram without blocking (nil when none is queued), with its kernel timestamp.
    public func receive(maximum: Int = 2048) throws(Failure) -> Datagram? {
        let result = try receiveMessage(maximum: maximum, flags: Int32(MSG_DONTWAIT))
        guard let result else { return nil }
        return Datagram(bytes: result.bytes, source: result.source, sourcePort: result.port, kernelTime: result.time)
    }

    /// Takes one error from the socket's error queue (nil when it is empty).
    public func receiveError() throws(Failure) -> QueuedError? {
        guard let result = try receiveMessage(maximum: 2048, flags: Int32(MSG_ERRQUEUE) | Int32(MSG_DONTWAIT)) else { return nil }
        guard let extended = result.extendedError else { return nil }
        return QueuedError(origin: extended.origin, icmpType: extended.type, icmpCode: extended.code, errno: extended.errno,
                           offender: extended.offender, payload: result.bytes, kernelTime: result.time)
    }

    private struct Extended { var errno: Int32; var origin: UInt8; var type: UInt8; var code: UInt8; var offender: IPv4Address? }
    private struct Message { var bytes: [UInt8]; var source: IPv4Address; var port: UInt16; var time: Int64?; var extendedError: Extended? }

    private func receiveMessage(maximum: Int, flags: Int32) throws(Failure) -> Message? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        var control = [UInt8](repeating: 0, count: 512)
        var address = sockaddr_in()
        var count = 0
        var controlLength = 0
        buffer.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { controlBytes in
                withUnsafeMutablePointer(to: &address) { addressPointer in
                    var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                    withUnsafeMutablePointer(to: &vector) { vectorPointer in
                        var header = msghdr()
                        header.msg_name = UnsafeMutableRawPointer(addressPointer)
                        header.msg_namelen = socklen_t(MemoryLayout<sockaddr_in>.size)
                        header.msg_iov = vectorPointer
                        header.msg_iovlen = 1
                        header.msg_control = controlBytes.baseAddress
                        header.msg_controllen = controlBytes.count
                        count = recvmsg(descriptor, &header, flags)
                        controlLength = header.msg_controllen
                    }
                }
            }
        }
        if count < 0 {
            if errno == EAGAIN || errno == EINTR { return nil }
            throw Failure(operation: "recvmsg", code: errno)
        }
        var message = Message(bytes: Array(buffer[0..<count]), source: IPv4Address(UInt32(bigEndian: address.sin_addr.s_addr)),
                              port: UInt16(bigEndian: address.sin_port), time: nil, extendedError: nil)
        // struct cmsghdr { size_t len; int level; int type; } then data, each aligned to 8 bytes.
        var offset = 0
        while offset + 16 <= controlLength {
            let length = control.loadInt(offset, 8)
            let level = Int32(truncatingIfNeeded: control.loadInt(offset + 8, 4))
            let type = Int32(truncatingIfNeeded: control.loadInt(offset + 12, 4))
            guard length >= 16, offset + length <= controlLength else { break }
            let data = offset + 16
            if level == SOL_SOCKET && type == Self.soTimestampNS && length >= 32 {
                message.time = Int64(control.loadInt(data, 8)) * 1_000_000_000 + Int64(control.loadInt(data + 8, 8))
            } else if level == Int32(IPPROTO_IP) && type == IP_RECVERR && length >= 16 + 16 {
                // struct sock_extended_err { u32 errno; u8 origin, type, code, pad; u32 info, data; } + offender
                var offender: IPv4Address?
                if length >= 16 + 16 + 8, control.loadInt(data + 16, 2) == Int(AF_INET) {
                    offender = IPv4Address(control[data + 20], control[data + 21], control[data + 22], control[data + 23])
                }
                message.extendedError = Extended(errno: Int32(truncatingIfNeeded: control.loadInt(data, 4)), origin: control[data + 4],
                                                 type: control[data + 5], code: control[data + 6], offender: offender)
            }
            offset += (length + 7) & ~7
        }
        return message
    }

    // MARK: TCP

    /// Starts a non-blocking connect to `ip:port`.
    public func startConnect(to ip: IPv4Address, port: UInt16) -> ConnectStart {
        var address = Self.socketAddress(ip, port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result == 0 { return .connected }
        return errno == EINPROGRESS ? .inProgress : .failed(errno)
    }

    /// The pending socket error (`SO_ERROR`): 0 after a successful connect.
    public var pendingError: Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &value, &length)
        return value
    }

    // MARK: Helpers

    /// `SO_TIMESTAMPNS` (35 in asm-generic and x86).
    public static let soTimestampNS: Int32 = 35

    /// A readable name for an errno value.
    public static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    public static let connectionRefused = ECONNREFUSED
    public static let hostUnreachable = EHOSTUNREACH

    /// The `sockaddr_in` of `ip:port`.
    public static func socketAddress(_ ip: IPv4Address, _ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: ip.value.bigEndian)
        return address
    }
}

private extension Array where Element == UInt8 {
    /// A little-endian unsigned integer of `size` bytes at `offset` (host order on Linux x86/arm).
    func loadInt(_ offset: Int, _ size: Int) -> Int {
        var value = 0
        for index in (0..<size).reversed() { value = value << 8 | Int(self[offset + index]) }
        return value
    }
}
