#if canImport(Glibc)
import Platform
import Glibc
#endif
import CPlatform
import Sockets
import Wire

/// Every socket, epoll and interface syscall ScanKit makes, in one place, with errno turned into
/// values. Everything above this file speaks in `IPv4Address`, `Int32` error codes and
/// `SocketSystemError`.
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

    /// Current `errno`.
    static var errno: Int32 { Glibc.errno }

    /// Opens a non-blocking, close-on-exec IPv4 socket.
    /// - Throws: `SocketSystemError` with the errno of `socket(2)`.
    static func openSocket(type: Int32, protocol proto: Int32 = 0) throws(SocketSystemError) -> Int32 {
        let fd = socket(AF_INET, type | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), proto)
        guard fd >= 0 else { throw SocketSystemError(call: "socket", code: errno) }
        return fd
    }

    /// `EINPROGRESS`: a non-blocking connect has started.
    static var inProgress: Int32 { EINPROGRESS }

    static var streamType: Int32 { Int32(SOCK_STREAM.rawValue) }
    static var datagramType: Int32 { Int32(SOCK_DGRAM.rawValue) }
    static var icmpProtocol: Int32 { Int32(IPPROTO_ICMP) }

    /// `SO_BINDTODEVICE`: the socket only uses `interface`.
    /// - Throws: `SocketSystemError` (EPERM without CAP_NET_RAW on old kernels, ENODEV for a bad name).
    static func bindToDevice(_ fd: Int32, interface: String) throws(SocketSystemError) {
        do { try NetSocket(adopting: fd).bindToDevice(interface) }
        catch { throw SocketSystemError(call: "setsockopt(SO_BINDTODEVICE, \(interface))", code: error.code) }
    }

    /// `SO_REUSEADDR` and `SO_REUSEPORT` (Network.framework's `allowLocalEndpointReuse`).
    static func enableReuse(_ fd: Int32) throws(SocketSystemError) {
        do { try NetSocket(adopting: fd).enableReuse() }
        catch { throw SocketSystemError(call: "setsockopt(SO_REUSEADDR)", code: error.code) }
    }

    /// Asks for `SO_TIMESTAMPNS` receive timestamps; false when the kernel refuses.
    @discardableResult
    static func enableReceiveTimestamps(_ fd: Int32) -> Bool {
        (try? NetSocket(adopting: fd).enableTimestamps()) != nil
    }

    /// Starts a non-blocking connect. Returns 0 (connected at once), EINPROGRESS, or the errno.
    static func connect(_ fd: Int32, to ip: IPv4Address, port: Int) -> Int32 {
        switch NetSocket(adopting: fd).startConnect(to: ip, port: UInt16(truncatingIfNeeded: port)) {
        case .connected: 0
        case .inProgress: EINPROGRESS
        case .failed(let code): code
        }
    }

    /// The pending error of a socket (`SO_ERROR`): 0 after a completed handshake.
    static func pendingError(_ fd: Int32) -> Int32 { NetSocket(adopting: fd).pendingError }

    /// Sends one datagram. Returns bytes sent, or the negated errno.
    static func send(_ fd: Int32, _ bytes: [UInt8], to ip: IPv4Address, port: Int) -> Int {
        do {
            try NetSocket(adopting: fd).send(bytes, to: ip, port: UInt16(truncatingIfNeeded: port))
            return bytes.count
        } catch {
            return -Int(error.code)
        }
    }

    /// Asks for a send buffer of `bytes` (see `NetSocket.requestSendBuffer`); returns what was granted.
    @discardableResult
    static func requestSendBuffer(_ fd: Int32, bytes: Int) -> Int { NetSocket(adopting: fd).requestSendBuffer(bytes: bytes) }

    /// Whether a send's negated errno means only "no room in the send buffer yet": `EAGAIN` on a
    /// non-blocking socket, `ENOBUFS` when the kernel is short of memory. Trying again later can work.
    static func isBufferFull(_ result: Int) -> Bool { result == -Int(EAGAIN) || result == -Int(ENOBUFS) }

    /// Receives one datagram without blocking; nil when nothing is queued (or on error).
    static func receive(_ fd: Int32, capacity: Int = 4096) -> Datagram? {
        guard let datagram = (try? NetSocket(adopting: fd).receive(maximum: capacity)) ?? nil else { return nil }
        return Datagram(bytes: datagram.bytes, sender: datagram.source, senderPort: Int(datagram.sourcePort),
                        kernelRealtimeNs: datagram.kernelTime.map { UInt64($0) })
    }

    /// `CLOCK_REALTIME` now, in nanoseconds (the clock `SO_TIMESTAMPNS` uses).
    static func realtimeNow() -> UInt64 { UInt64(RealtimeClock.now()) }

    /// Waits until `fd` is readable or `timeoutMs` passes; true when readable.
    static func waitReadable(_ fd: Int32, timeoutMs: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, timeoutMs) > 0 && entry.revents & Int16(POLLIN) != 0
    }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    // MARK: epoll

    /// A new epoll instance.
    static func epollCreate() throws(SocketSystemError) -> Int32 {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw SocketSystemError(call: "epoll_create1", code: errno) }
        return fd
    }

    /// Interest flags: writable (connect finished), readable, one-shot.
    static let epollWritable = EPOLLOUT.rawValue | EPOLLONESHOT.rawValue
    static let epollReadable = EPOLLIN.rawValue
    static let epollErrorMask = EPOLLERR.rawValue | EPOLLHUP.rawValue

    /// Adds `fd` with `events`, tagging it with `token`; returns the errno (0 on success).
    static func epollAdd(_ epoll: Int32, fd: Int32, events: UInt32, token: UInt64) -> Int32 {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) == 0 ? 0 : errno
    }

    static func epollRemove(_ epoll: Int32, fd: Int32) {
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
    }

    /// Waits for events; returns (token, events) pairs (empty on timeout or EINTR).
    static func epollWait(_ epoll: Int32, maxEvents: Int, timeoutMs: Int32) -> [(UInt64, UInt32)] {
        var buffer = [epoll_event](repeating: epoll_event(), count: maxEvents)
        let count = epoll_wait(epoll, &buffer, Int32(maxEvents), timeoutMs)
        guard count > 0 else { return [] }
        return buffer.prefix(Int(count)).map { ($0.data.u64, $0.events) }
    }

    /// A non-blocking eventfd used to wake the reactor; -1 on failure.
    static func makeWakeDescriptor() -> Int32 { scanbench_eventfd() }

    static func signalWake(_ fd: Int32) {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    static func drainWake(_ fd: Int32) {
        var value: UInt64 = 0
        _ = read(fd, &value, 8)
    }

    // MARK: interfaces and names

    /// The first IPv4 address and prefix length of `interface`, from getifaddrs; nil when it has none.
    static func ipv4Address(of interface: String) -> (address: IPv4Address, prefixLength: Int)? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let name = entry.pointee.ifa_name, String(cString: name) == interface,
                  let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  let mask = entry.pointee.ifa_netmask else { continue }
            let ip = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
            let bits = mask.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
            return (IPv4Address(ip), bits.nonzeroBitCount)
        }
        return nil
    }

    /// Every interface with its `IFF_UP`/`IFF_RUNNING` flags and IPv4 addresses, from getifaddrs
    /// (an interface without addresses still appears, through its link entry); empty when
    /// getifaddrs fails.
    static func interfaces() -> [PathReadiness.Interface] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [PathReadiness.Interface] = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let name = entry.pointee.ifa_name.map({ String(cString: $0) }) else { continue }
            let flags = entry.pointee.ifa_flags
            var address: IPv4Address?
            if let raw = entry.pointee.ifa_addr, raw.pointee.sa_family == sa_family_t(AF_INET) {
                address = IPv4Address(raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
                })
            }
            let index = found.firstIndex { $0.name == name } ?? {
                found.append(PathReadiness.Interface(name: name, isUp: flags & UInt32(IFF_UP) != 0,
                                                     isRunning: flags & UInt32(IFF_RUNNING) != 0, addresses: []))
                return found.count - 1
            }()
            if let address { found[index].addresses.append(address) }
        }
        return found
    }

    /// Reverse lookup through the system resolver (`getnameinfo` with `NI_NAMEREQD`); blocks.
    static func reverseName(_ ip: IPv4Address) -> String? {
        var address = NetSocket.socketAddress(ip, 0)
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NAMEREQD)
            }
        }
        guard result == 0 else { return nil }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The POSIX name of an errno, e.g. `ECONNREFUSED`; `E<number>` for unnamed ones.
    static func errorName(_ code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "ECONNREFUSED"
        case EHOSTUNREACH: "EHOSTUNREACH"
        case ENETUNREACH: "ENETUNREACH"
        case EHOSTDOWN: "EHOSTDOWN"
        case ETIMEDOUT: "ETIMEDOUT"
        case ECONNRESET: "ECONNRESET"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case EMFILE: "EMFILE"
        case ENFILE: "ENFILE"
        case ENOBUFS: "ENOBUFS"
        case EADDRNOTAVAIL: "EADDRNOTAVAIL"
        case ENODEV: "ENODEV"
        case ENETDOWN: "ENETDOWN"
        case EINVAL: "EINVAL"
        case EAGAIN: "EAGAIN"
        case EPROTONOSUPPORT: "EPROTONOSUPPORT"
        default: "E\(code)"
        }
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// A syscall failed: which call, and errno.
struct SocketSystemError: Error, Sendable, CustomStringConvertible {
    var call: String
    var code: Int32
    var name: String { SocketSystem.errorName(code) }
    var description: String { "\(call) failed: \(name) (\(SocketSystem.errorText(code)))" }
}
