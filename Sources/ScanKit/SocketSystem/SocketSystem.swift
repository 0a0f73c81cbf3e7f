import Platform
import Wire

/// ScanKit's view of the platform layer, in the descriptor-number terms its connection state
/// machine, reactor and phases store: each member is one call on Platform's `Socket` (or its
/// interface list), with failures as negated errno values or `SystemError`. No syscall is made
/// here; this file only adapts shapes.
///
/// All sockets are created non-blocking and close-on-exec.
enum SocketSystem {
    /// A datagram received with its sender and, when the kernel supplied one, its
    /// `SO_TIMESTAMPNS` receive time (CLOCK_REALTIME nanoseconds).
    struct Datagram {
        var bytes: [UInt8]
        var sender: IPv4Address
        var senderPort: Int
        var kernelRealtimeNs: UInt64?
    }

    /// Opens a non-blocking, close-on-exec IPv4 socket.
    /// - Throws: `SystemError` with the errno of `socket(2)`.
    static func openSocket(type: Int32, protocol proto: Int32 = 0) throws(SystemError) -> Int32 {
        try Socket.open(type: type, protocol: proto, nonBlocking: true).descriptor
    }

    /// Opens a datagram socket and, when `interface` is given, binds it there (a socket that
    /// could not be bound would send on whichever interface routes, so it is closed instead).
    /// - Throws: `SystemError` from `socket(2)` or `SO_BINDTODEVICE`; a phase records it as a
    ///   `send_failed` per intended packet, never silence.
    static func openDatagram(protocol proto: Int32 = 0, interface: String?) throws(SystemError) -> Int32 {
        let fd = try openSocket(type: datagramType, protocol: proto)
        guard let interface else { return fd }
        do { try bindToDevice(fd, interface: interface) } catch { close(fd); throw error }
        return fd
    }

    /// `EINPROGRESS`: a non-blocking connect has started.
    static var inProgress: Int32 { Errno.inProgress.rawValue }

    static var streamType: Int32 { Socket.streamType }
    static var datagramType: Int32 { Socket.datagramType }
    static var icmpProtocol: Int32 { Socket.icmpProtocol }

    /// `SO_BINDTODEVICE`: the socket only uses `interface`.
    static func bindToDevice(_ fd: Int32, interface: String) throws(SystemError) {
        try Socket(adopting: fd).bindToDevice(interface)
    }

    /// `SO_REUSEADDR` and `SO_REUSEPORT` (Network.framework's `allowLocalEndpointReuse`).
    static func enableReuse(_ fd: Int32) throws(SystemError) { try Socket(adopting: fd).enableReuse() }

    /// Asks for `SO_TIMESTAMPNS` receive timestamps; false when the kernel refuses.
    @discardableResult
    static func enableReceiveTimestamps(_ fd: Int32) -> Bool {
        (try? Socket(adopting: fd).enableTimestamps()) != nil
    }

    /// Starts a non-blocking connect. Returns 0 (connected at once), EINPROGRESS, or the errno.
    static func connect(_ fd: Int32, to ip: IPv4Address, port: Int) -> Int32 {
        switch Socket(adopting: fd).startConnect(to: ip, port: UInt16(truncatingIfNeeded: port)) {
        case .connected: 0
        case .inProgress: Errno.inProgress.rawValue
        case .failed(let error): error.rawValue
        }
    }

    /// How a connect ended (`Socket.connectResult`): 0 after a completed handshake, else the errno.
    static func connectResult(_ fd: Int32) -> Int32 { Socket(adopting: fd).connectResult.rawValue }

    /// Sends one datagram. Returns bytes sent, or the negated errno.
    static func send(_ fd: Int32, _ bytes: [UInt8], to ip: IPv4Address, port: Int) -> Int {
        do {
            try Socket(adopting: fd).send(bytes, to: ip, port: UInt16(truncatingIfNeeded: port))
            return bytes.count
        } catch {
            return -Int(error.code)
        }
    }

    /// Asks for a send buffer of `bytes` (see `Socket.requestSendBuffer`); returns what was granted.
    @discardableResult
    static func requestSendBuffer(_ fd: Int32, bytes: Int) -> Int {
        Socket(adopting: fd).requestSendBuffer(bytes: bytes)
    }

    /// Whether a send's negated errno means only "no room in the send buffer yet": `EAGAIN` on a
    /// non-blocking socket, `ENOBUFS` when the kernel is short of memory. Trying again later can work.
    static func isBufferFull(_ result: Int) -> Bool {
        result == -Int(Errno.wouldBlock.rawValue) || result == -Int(Errno.noBufferSpace.rawValue)
    }

    /// Receives one datagram without blocking; nil when nothing is queued (or on error).
    static func receive(_ fd: Int32, capacity: Int = 4096) -> Datagram? {
        guard let datagram = (try? Socket(adopting: fd).receive(maximum: capacity)) ?? nil else { return nil }
        return Datagram(
            bytes: datagram.bytes,
            sender: datagram.source,
            senderPort: Int(datagram.sourcePort),
            kernelRealtimeNs: datagram.kernelTime.map { UInt64($0) }
        )
    }

    /// `CLOCK_REALTIME` now, in nanoseconds (the clock `SO_TIMESTAMPNS` uses).
    static func realtimeNow() -> UInt64 { UInt64(RealtimeClock.now()) }

    /// Waits until `fd` is readable or `timeoutMs` passes; true when readable.
    static func waitReadable(_ fd: Int32, timeoutMs: Int32) -> Bool {
        Socket(adopting: fd).wait(for: .readable, milliseconds: Int(timeoutMs)).contains(.readable)
    }

    static func close(_ fd: Int32) { Socket(adopting: fd).close() }

    // MARK: interfaces and names

    /// The first IPv4 address and prefix length of `interface`; nil when it has none.
    static func ipv4Address(of interface: String) -> (address: IPv4Address, prefixLength: Int)? {
        NetworkInterfaces.ipv4Address(of: interface)
    }

    /// Every interface with its `IFF_UP`/`IFF_RUNNING` flags and IPv4 addresses (an interface
    /// without addresses still appears, through its link entry); empty when getifaddrs fails.
    static func interfaces() -> [PathReadiness.Interface] {
        PathReadiness.interfaces(from: NetworkInterfaces.entries())
    }

    /// Reverse lookup through the system resolver (`getnameinfo` with `NI_NAMEREQD`); blocks.
    static func reverseName(_ ip: IPv4Address) -> String? { HostNames.reverse(ip) }
}
