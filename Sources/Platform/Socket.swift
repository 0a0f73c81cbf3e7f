#if canImport(Glibc)
import Glibc
#endif
import Wire

/// An IPv4 socket: the one type in ScanBench that calls socket functions, builds `sockaddr_in`
/// and reads `errno` for them. The stack under test (ScanKit, AppSession), the tools (NetTools)
/// and the testbed's services all build on it; what differs between them (ScanKit's epoll
/// reactor, the discovery phases' receive thread, the services' blocking stream convention)
/// sits in thin layers above.
///
/// Ownership: the value only carries the descriptor, so copies share it; whoever creates a socket
/// (or accepts one) closes it, once, with ``close()``. It is `Sendable` because a descriptor is a
/// plain integer and the kernel serialises calls on it (one thread reads while another writes).
/// Every socket is close-on-exec, so a child process never inherits one.
public struct Socket: Sendable, Hashable {
    /// The file descriptor.
    public let descriptor: Int32

    /// An IPv4 address and port.
    public struct Address: Hashable, Sendable, CustomStringConvertible {
        public var ip: IPv4Address
        public var port: UInt16
        public init(ip: IPv4Address, port: UInt16) {
            self.ip = ip
            self.port = port
        }
        public var description: String { "\(ip):\(port)" }

        /// As the kernel takes it.
        var sockaddr: sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = in_addr(s_addr: ip.value.bigEndian)
            return address
        }

        init(_ address: sockaddr_in) {
            ip = IPv4Address(UInt32(bigEndian: address.sin_addr.s_addr))
            port = UInt16(bigEndian: address.sin_port)
        }

        /// Calls `body` with the address as a `sockaddr` pointer and its length.
        func withSockaddr<Result>(_ body: (UnsafePointer<Glibc.sockaddr>, socklen_t) -> Result) -> Result {
            var address = sockaddr
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: Glibc.sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    /// What a non-blocking `connect` said straight away.
    public enum ConnectStart: Sendable, Equatable {
        case inProgress
        case connected
        case failed(Errno)
    }

    // MARK: Creation

    /// Opens an IPv4 socket of `type` (`SOCK_STREAM`, `SOCK_DGRAM`) and `proto`.
    /// - Parameter nonBlocking: reads, writes and connects return at once (`SOCK_NONBLOCK`).
    /// - Throws: ``SystemError`` from `socket(2)`.
    public static func open(type: Int32, protocol proto: Int32 = 0, nonBlocking: Bool) throws(SystemError) -> Socket {
        let flags = Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        let fd = Glibc.socket(AF_INET, type | flags, proto)
        guard fd >= 0 else { throw SystemError("socket") }
        return Socket(adopting: fd)
    }

    /// A UDP socket.
    public static func udp(nonBlocking: Bool = false) throws(SystemError) -> Socket {
        try open(type: datagramType, nonBlocking: nonBlocking)
    }

    /// A TCP socket.
    public static func tcp(nonBlocking: Bool = false) throws(SystemError) -> Socket {
        try open(type: streamType, nonBlocking: nonBlocking)
    }

    /// An unprivileged ICMP datagram socket (`SOCK_DGRAM`/`IPPROTO_ICMP`).
    /// - Throws: ``SystemError`` (EACCES when the group is outside `net.ipv4.ping_group_range`).
    public static func icmpDatagram() throws(SystemError) -> Socket {
        try open(type: datagramType, protocol: icmpProtocol, nonBlocking: false)
    }

    public static let streamType = Int32(SOCK_STREAM.rawValue)
    public static let datagramType = Int32(SOCK_DGRAM.rawValue)
    public static let icmpProtocol = Int32(IPPROTO_ICMP)

    /// Wraps a descriptor opened elsewhere (closing it stays with whoever opened it).
    public init(adopting descriptor: Int32) { self.descriptor = descriptor }

    /// Closes the descriptor.
    public func close() { _ = Glibc.close(descriptor) }

    // MARK: Addresses and connections

    /// Binds to `address` (IP 0: every address; port 0: an ephemeral one).
    public func bind(_ address: Address) throws(SystemError) {
        let result = address.withSockaddr { Glibc.bind(descriptor, $0, $1) }
        guard result == 0 else { throw SystemError("bind \(address)") }
    }

    /// Binds to `port` on every address.
    public func bind(port: UInt16) throws(SystemError) { try bind(Address(ip: IPv4Address(0), port: port)) }

    /// Starts listening for connections.
    public func listen(backlog: Int32 = 128) throws(SystemError) {
        guard Glibc.listen(descriptor, backlog) == 0 else { throw SystemError("listen on TCP \(localPort)") }
    }

    /// Accepts one connection; nil when none was pending, the call was
    /// interrupted or the peer gave up before it was taken.
    public func accept() throws(SystemError) -> (Socket, Address)? {
        var storage = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: Glibc.sockaddr.self, capacity: 1) { Glibc.accept(descriptor, $0, &length) }
        }
        guard fd >= 0 else {
            let error = Errno.current
            if error.isTransient || error == .connectionAborted || error == .protocolError { return nil }
            throw SystemError("accept", errno: error)
        }
        return (Socket(adopting: fd), Address(storage))
    }

    /// The local port the kernel gave the socket.
    public var localPort: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: Glibc.sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Starts a connect to `address` (on a non-blocking socket it returns at once).
    public func startConnect(to address: Address) -> ConnectStart {
        let result = address.withSockaddr { Glibc.connect(descriptor, $0, $1) }
        if result == 0 { return .connected }
        let error = Errno.current
        return error == .inProgress ? .inProgress : .failed(error)
    }

    /// The pending socket error (`SO_ERROR`), which reading clears: 0 after a successful connect.
    /// When `getsockopt` itself fails (a closed descriptor), its errno.
    public var pendingError: Errno {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &value, &length) == 0 else { return .current }
        return Errno(rawValue: value)
    }

    /// How a non-blocking connect ended, once the socket turned writable: `SO_ERROR`, and when
    /// that reads 0, whether the socket really has a peer (`getpeername`).
    ///
    /// `SO_ERROR` is cleared by whoever reads it first, and `recv`/`send` on the socket clear it
    /// too; a socket whose connect failed then reads 0 like a connected one. Without the peer
    /// check such a socket passes for an open port on a host that never answered. Returns 0 for
    /// a completed handshake, `ENOTCONN` when the error was lost, otherwise the error (also one
    /// that arrived between the two calls, such as a reset right after the handshake).
    public var connectResult: Errno {
        let error = pendingError
        guard error.rawValue == 0 else { return error }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: Glibc.sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        guard named != 0 else { return error }
        let lost = Errno.current
        // A reset landing between the two calls leaves its error pending: report that one.
        let late = pendingError
        return late.rawValue != 0 ? late : lost
    }
}

extension Socket {
    /// Starts a connect to `ip:port`.
    public func startConnect(to ip: IPv4Address, port: UInt16) -> ConnectStart {
        startConnect(to: Address(ip: ip, port: port))
    }
}
