#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Wire

/// A thin wrapper over an IPv4 POSIX socket: the only place in the services that calls socket
/// functions and reads `errno`.
///
/// The wrapper owns nothing beyond the descriptor number; whoever creates a socket closes it.
/// It is `Sendable` because a descriptor is a plain integer and the kernel serialises concurrent
/// calls on it (one thread reads while another writes, or sends datagrams from a timer).
struct Socket: Sendable, Hashable, ByteStream {
    let descriptor: Int32

    /// An IPv4 address and port.
    struct Address: Hashable, Sendable, CustomStringConvertible {
        var ip: IPv4Address
        var port: UInt16
        var description: String { "\(ip):\(port)" }
    }

    /// A failed socket call: which call, on what, and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var code: Int32
        var description: String { "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))" }
    }

    // MARK: Creation

    /// A listening TCP socket with `SO_REUSEADDR`, bound to `address` (nil: every address).
    static func tcpListener(port: Int, address: IPv4Address? = nil, backlog: Int32 = 128) throws -> Socket {
        let socket = try Socket(type: Int32(SOCK_STREAM.rawValue))
        do {
            try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1, "SO_REUSEADDR")
            try socket.bind(Address(ip: address ?? IPv4Address(0), port: UInt16(port)))
            try check(listen(socket.descriptor, backlog), "listen on TCP \(port)")
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// A UDP socket bound to `port` on `address` (nil: every address), optionally with
    /// `SO_REUSEADDR` and `SO_REUSEPORT` so that other responders can share the port.
    static func udp(port: Int, address: IPv4Address? = nil, reuse: Bool = false) throws -> Socket {
        let socket = try Socket(type: Int32(SOCK_DGRAM.rawValue))
        do {
            if reuse {
                try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1, "SO_REUSEADDR")
                try socket.setOption(SOL_SOCKET, SO_REUSEPORT, 1, "SO_REUSEPORT")
            }
            try socket.bind(Address(ip: address ?? IPv4Address(0), port: UInt16(port)))
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    private init(type: Int32) throws {
        let fd = Glibc.socket(AF_INET, type | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(operation: "socket", code: errno) }
        descriptor = fd
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    // MARK: Options

    func setOption(_ level: Int32, _ name: Int32, _ value: Int32, _ label: String) throws {
        var value = value
        try Self.check(setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size)), "setsockopt \(label)")
    }

    /// Joins a multicast group on the interface with index `interfaceIndex` (0: the one that
    /// owns `interfaceAddress`), and sends multicast from that interface with TTL 255 and no
    /// loopback, as mDNS and SSDP responders do.
    func joinMulticast(_ group: IPv4Address, interfaceIndex: Int32, interfaceAddress: IPv4Address) throws {
        var request = ip_mreqn()
        request.imr_multiaddr = in_addr(s_addr: group.value.bigEndian)
        request.imr_address = in_addr(s_addr: interfaceAddress.value.bigEndian)
        request.imr_ifindex = interfaceIndex
        let size = socklen_t(MemoryLayout<ip_mreqn>.size)
        try Self.check(setsockopt(descriptor, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &request, size), "join multicast group \(group)")
        try Self.check(setsockopt(descriptor, Int32(IPPROTO_IP), IP_MULTICAST_IF, &request, size), "IP_MULTICAST_IF")
        try setOption(Int32(IPPROTO_IP), IP_MULTICAST_TTL, 255, "IP_MULTICAST_TTL")
        try setOption(Int32(IPPROTO_IP), IP_MULTICAST_LOOP, 0, "IP_MULTICAST_LOOP")
    }

    /// The index of the interface called `name`, or 0 when there is none.
    static func interfaceIndex(named name: String) -> Int32 { Int32(if_nametoindex(name)) }

    /// Makes blocking reads give up after `seconds` (they then return `nil`).
    func setReceiveTimeout(seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    // MARK: I/O

    /// Waits until the socket is readable (or has an error or hang-up); false on timeout.
    func waitReadable(milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&entry, 1, milliseconds)
            if result < 0 && errno == EINTR { continue }
            return result > 0
        }
    }

    /// Accepts one connection; nil when none was pending or the call was interrupted.
    func accept() throws -> (Socket, Address)? {
        var storage = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: Glibc.sockaddr.self, capacity: 1) {
                Glibc.accept(descriptor, $0, &length)
            }
        }
        if fd < 0 {
            let code = errno
            if [EINTR, EAGAIN, ECONNABORTED, EPROTO, EWOULDBLOCK].contains(code) { return nil }
            throw Failure(operation: "accept", code: code)
        }
        return (Socket(descriptor: fd), Self.address(storage))
    }

    /// Reads up to `maximum` bytes. Returns `[]` at end of stream, nil on timeout.
    func read(maximum: Int) throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
            if count >= 0 { return Array(buffer.prefix(count)) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return nil }
            if code == ECONNRESET { return [] }
            throw Failure(operation: "recv", code: code)
        }
    }

    /// Writes all of `bytes` (never raising SIGPIPE).
    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "send", code: errno)
            }
            offset += count
        }
    }

    /// Receives one datagram and its sender.
    func receive(maximum: Int = 9000) throws -> ([UInt8], Address)? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        var storage = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let count = buffer.withUnsafeMutableBytes { bytes in
            withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: Glibc.sockaddr.self, capacity: 1) {
                    recvfrom(descriptor, bytes.baseAddress, maximum, 0, $0, &length)
                }
            }
        }
        if count < 0 {
            let code = errno
            if [EINTR, EAGAIN, EWOULDBLOCK].contains(code) { return nil }
            throw Failure(operation: "recvfrom", code: code)
        }
        return (Array(buffer.prefix(count)), Self.address(storage))
    }

    /// Sends one datagram to `destination`.
    func send(_ bytes: [UInt8], to destination: Address) throws {
        var storage = Self.socketAddress(destination)
        let count = bytes.withUnsafeBytes { raw in
            withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: Glibc.sockaddr.self, capacity: 1) {
                    sendto(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL), $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        if count < 0 { throw Failure(operation: "sendto \(destination)", code: errno) }
    }

    /// Stops both directions, waking any thread blocked on the socket.
    func shutdown() { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }

    func close() { _ = Glibc.close(descriptor) }

    // MARK: Helpers

    private func bind(_ address: Address) throws {
        var storage = Self.socketAddress(address)
        let result = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: Glibc.sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try Self.check(result, "bind \(address)")
    }

    private static func socketAddress(_ address: Address) -> sockaddr_in {
        var storage = sockaddr_in()
        storage.sin_family = sa_family_t(AF_INET)
        storage.sin_port = address.port.bigEndian
        storage.sin_addr = in_addr(s_addr: address.ip.value.bigEndian)
        return storage
    }

    private static func address(_ storage: sockaddr_in) -> Address {
        Address(ip: IPv4Address(UInt32(bigEndian: storage.sin_addr.s_addr)), port: UInt16(bigEndian: storage.sin_port))
    }

    private static func check(_ result: Int32, _ operation: String) throws {
        if result < 0 { throw Failure(operation: operation, code: errno) }
    }
}
