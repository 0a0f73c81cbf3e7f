import Foundation
import Platform
import Synchronization
import Wire

/// The UDP socket of the multicast discovery phases (mDNS, SSDP), on Platform's `Socket`: what
/// it adds is the receive thread and the advice its errors carry.
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

    private let socket: Socket
    var descriptor: Int32 { socket.descriptor }
    private let state = Mutex<(closed: Bool, receiving: Bool)>((false, false))

    /// Opens a UDP socket bound to `port` (0: ephemeral) on every address.
    /// - Parameters:
    ///   - port: local port; 5353 for mDNS (responders then answer by multicast, not as to a legacy resolver).
    ///   - reuse: set `SO_REUSEADDR` and `SO_REUSEPORT` so that other mDNS stacks can share the port.
    ///   - interface: bind to this device (`SO_BINDTODEVICE`, needs CAP_NET_RAW), nil for none.
    /// - Throws: `DiscoverySocketError` naming the call that failed.
    public init(port: UInt16, reuse: Bool, interface: String?) throws(DiscoverySocketError) {
        do { socket = try Socket.udp(nonBlocking: true) } catch { throw DiscoverySocketError(error) }
        do throws(SystemError) {
            if reuse { try socket.enableReuse() }
            if let interface { try socket.bindToDevice(interface) }
            try socket.bind(port: port)
        } catch {
            socket.close()
            throw DiscoverySocketError(error)
        }
    }

    /// Joins `group` on the interface (by index, else by address) and sends multicast from it with
    /// `ttl`, loopback off.
    /// - Parameters:
    ///   - join: also add group membership (mDNS needs it to hear multicast answers; SSDP gets
    ///     unicast replies and only needs the outgoing interface).
    /// - Throws: `DiscoverySocketError` when the kernel refuses.
    public func configureMulticast(
        group: IPv4Address,
        interface: String?,
        localIP: IPv4Address?,
        ttl: Int32,
        join: Bool
    ) throws(DiscoverySocketError) {
        let index = interface.map { Socket.interfaceIndex(named: $0) } ?? 0
        do {
            try socket.configureMulticast(group: group, interfaceIndex: index, localIP: localIP, ttl: ttl, join: join)
        } catch { throw DiscoverySocketError(error) }
    }

    /// The local port the socket is bound to.
    public var localPort: UInt16 { socket.localPort }

    /// Sends one datagram.
    /// - Throws: `DiscoverySocketError` with the `sendto` errno.
    public func send(_ bytes: [UInt8], to ip: IPv4Address, port: UInt16) throws(DiscoverySocketError) {
        do { try socket.send(bytes, to: ip, port: port) } catch { throw DiscoverySocketError(error) }
    }

    /// Starts a thread that reads datagrams (up to `maximum` bytes) and hands each to `handler`
    /// until `close()`.
    public func startReceiving(maximum: Int = 9000, _ handler: @escaping @Sendable (Datagram) -> Void) {
        state.withLock { $0.receiving = true }
        let thread = Thread { [self] in
            while !state.withLock({ $0.closed }) {
                guard !socket.wait(for: .readable, milliseconds: 50).isEmpty else { continue }
                while let datagram = (try? socket.receive(maximum: maximum)) ?? nil {
                    handler(
                        Datagram(
                            bytes: datagram.bytes,
                            sender: datagram.source,
                            senderPort: datagram.sourcePort,
                            receivedAtNs: MonotonicClock.now()
                        )
                    )
                }
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
        let socket = self.socket
        // Close after the receive thread stopped polling, so its descriptor number cannot be reused under it.
        Thread {
            var spins = 0
            while self.state.withLock({ $0.receiving }) && spins < 200 {
                Thread.sleep(forTimeInterval: 0.005); spins += 1
            }
            socket.close()
        }.start()
    }
}

/// A socket call of a discovery phase failed: the system's error and what to do about it.
public struct DiscoverySocketError: Error, Sendable, CustomStringConvertible {
    public var failure: SystemError

    /// The call and its target, e.g. `bind 0.0.0.0:5353`.
    public var operation: String { failure.operation }
    public var code: Int32 { failure.code }

    init(_ failure: SystemError) { self.failure = failure }

    public var description: String {
        let hint =
            failure.errno == .notPermitted || failure.errno == .permissionDenied
            ? " — run as root or with CAP_NET_RAW (SO_BINDTODEVICE), or set bind_to_interface: false"
            : failure.errno == .addressInUse ? " — another process holds the port without SO_REUSEPORT" : ""
        return "\(failure)\(hint)"
    }
}
