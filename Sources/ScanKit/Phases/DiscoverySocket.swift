#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import Wire

/// An IPv4 UDP socket for the multicast discovery phases (mDNS, SSDP): the one place in the
/// Bonjour and SSDP phases that calls socket functions and reads `errno`.
///
/// Receiving runs on a dedicated thread (`startReceiving`) so that no Swift-concurrency worker
/// blocks in `poll`; sending is a non-blocking `sendto` from any context. `Sendable` because the
/// descriptor is a plain integer the kernel serialises calls on, and the only mutable state (the
/// closed flag and the receive thread's stop flag) sits behind a `Mutex`.
public final class DiscoverySocket: Sendable {
    /// One received datagram.
    public struct Datagram: Sendable {
        public var bytes: [UInt8]
        public var sender: IPv4Address
        public var senderPort: UInt16
        /// `CLOCK_MONOTONIC` ns when it was read.
        public var receivedAtNs: UInt64
    }

    let descriptor: Int32
    private let state = Mutex<(closed: Bool, receiving: Bool)>((false, false))

    /// Opens a UDP socket bound to `port` (0: ephemeral) on every address.
    /// - Parameters:
    ///   - port: local port; 5353 for mDNS (responders then answer by multicast, not as to a legacy resolver).
    ///   - reuse: set `SO_REUSEADDR` and `SO_REUSEPORT` so that other mDNS stacks can share the port.
    ///   - interface: bind to this device (`SO_BINDTODEVICE`, needs CAP_NET_RAW), nil for none.
    /// - Throws: `DiscoverySocketError` naming the call that failed.
    public init(port: UInt16, reuse: Bool, interface: String?) throws(DiscoverySocketError) {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw DiscoverySocketError(operation: "socket(AF_INET, SOCK_DGRAM)", code: errno) }
        descriptor = fd
        do throws(DiscoverySocketError) {
            if reuse {
                try option(SOL_SOCKET, SO_REUSEADDR, 1, "SO_REUSEADDR")
                try option(SOL_SOCKET, SO_REUSEPORT, 1, "SO_REUSEPORT")
            }
            if let interface {
                let result = interface.withCString { name in
                    setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, name, socklen_t(strlen(name) + 1))
                }
                if result < 0 { throw DiscoverySocketError(operation: "SO_BINDTODEVICE \(interface)", code: errno) }
            }
            var address = Self.socketAddress(IPv4Address(0), port)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound < 0 { throw DiscoverySocketError(operation: "bind UDP port \(port)", code: errno) }
        } catch {
            _ = Glibc.close(fd)
            throw error
        }
    }

    /// Joins `group` on the interface (by index, else by address) and sends multicast from it with
    /// `ttl`, loopback off.
    /// - Parameters:
    ///   - join: also add group membership (mDNS needs it to hear multicast answers; SSDP gets
    ///     unicast replies and only needs the outgoing interface).
    /// - Throws: `DiscoverySocketError` when the kernel refuses.
    public func configureMulticast(group: IPv4Address, interface: String?, localIP: IPv4Address?, ttl: Int32,
                                   join: Bool) throws(DiscoverySocketError) {
        var request = ip_mreqn()
        request.imr_multiaddr = in_addr(s_addr: group.value.bigEndian)
        request.imr_address = in_addr(s_addr: (localIP ?? IPv4Address(0)).value.bigEndian)
        request.imr_ifindex = interface.map { Int32(if_nametoindex($0)) } ?? 0
        let size = socklen_t(MemoryLayout<ip_mreqn>.size)
        if join, setsockopt(descriptor, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &request, size) < 0 {
            throw DiscoverySocketError(operation: "join multicast group \(group)", code: errno)
        }
        if setsockopt(descriptor, Int32(IPPROTO_IP), IP_MULTICAST_IF, &request, size) < 0 {
            throw DiscoverySocketError(operation: "IP_MULTICAST_IF", code: errno)
        }
        try option(Int32(IPPROTO_IP), IP_MULTICAST_TTL, ttl, "IP_MULTICAST_TTL")
        try option(Int32(IPPROTO_IP), IP_MULTICAST_LOOP, 0, "IP_MULTICAST_LOOP")
    }

    /// The local port the socket is bound to.
    public var localPort: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Sends one datagram.
    /// - Throws: `DiscoverySocketError` with the `sendto` errno.
    public func send(_ bytes: [UInt8], to ip: IPv4Address, port: UInt16) throws(DiscoverySocketError) {
        var address = Self.socketAddress(ip, port)
        let count = bytes.withUnsafeBytes { raw in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL), $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        if count < 0 { throw DiscoverySocketError(operation: "sendto \(ip):\(port)", code: errno) }
    }

    /// Starts a thread that reads datagrams (up to `maximum` bytes) and hands each to `handler`
    /// until `close()`.
    public func startReceiving(maximum: Int = 9000, _ handler: @escaping @Sendable (Datagram) -> Void) {
        state.withLock { $0.receiving = true }
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: maximum)
            while !state.withLock({ $0.closed }) {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, 50)
                guard ready > 0 else { continue }
                while let datagram = read(into: &buffer) { handler(datagram) }
            }
            state.withLock { $0.receiving = false }
        }
        thread.name = "discovery-receive"
        thread.start()
    }

    /// Stops the receive thread (within 50 ms) and closes the descriptor once it has left.
    public func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        guard first else { return }
        let fd = descriptor
        // Close after the receive thread stopped polling, so its descriptor number cannot be reused under it.
        Thread {
            var spins = 0
            while self.state.withLock({ $0.receiving }) && spins < 200 { usleep(5_000); spins += 1 }
            _ = Glibc.close(fd)
        }.start()
    }

    private func read(into buffer: inout [UInt8]) -> Datagram? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let capacity = buffer.count
        let count = buffer.withUnsafeMutableBytes { bytes in
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(descriptor, bytes.baseAddress, capacity, 0, $0, &length) }
            }
        }
        guard count >= 0 else { return nil }
        return Datagram(bytes: Array(buffer.prefix(count)),
                        sender: IPv4Address(UInt32(bigEndian: address.sin_addr.s_addr)),
                        senderPort: UInt16(bigEndian: address.sin_port), receivedAtNs: MonotonicClock.now())
    }

    private func option(_ level: Int32, _ name: Int32, _ value: Int32, _ label: String) throws(DiscoverySocketError) {
        var value = value
        if setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) < 0 {
            throw DiscoverySocketError(operation: "setsockopt \(label)", code: errno)
        }
    }

    static func socketAddress(_ ip: IPv4Address, _ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: ip.value.bigEndian)
        return address
    }
}

/// A socket call of a discovery phase failed.
public struct DiscoverySocketError: Error, Sendable, CustomStringConvertible {
    /// The call and its target, e.g. `bind UDP port 5353`.
    public var operation: String
    public var code: Int32

    public var description: String {
        let hint = code == EPERM || code == EACCES
            ? " — run as root or with CAP_NET_RAW (SO_BINDTODEVICE), or set bind_to_interface: false"
            : code == EADDRINUSE ? " — another process holds the port without SO_REUSEPORT" : ""
        return "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))\(hint)"
    }
}
