#if canImport(Glibc)
import Glibc
#endif
import CShims
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
        var name = Array(interface.utf8CString)
        let result = setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, &name, socklen_t(name.count))
        guard result == 0 else { throw SocketSystemError(call: "setsockopt(SO_BINDTODEVICE, \(interface))", code: errno) }
    }

    /// Asks for `SO_TIMESTAMPNS` receive timestamps; false when the kernel refuses.
    @discardableResult
    static func enableReceiveTimestamps(_ fd: Int32) -> Bool {
        var on: Int32 = 1
        return setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// Starts a non-blocking connect. Returns 0 (connected at once), EINPROGRESS, or the errno.
    static func connect(_ fd: Int32, to ip: IPv4Address, port: Int) -> Int32 {
        var address = socketAddress(ip, port: port)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0 ? 0 : errno
    }

    /// The pending error of a socket (`SO_ERROR`): 0 after a completed handshake.
    static func pendingError(_ fd: Int32) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &length) == 0 else { return errno }
        return value
    }

    /// Sends one datagram. Returns bytes sent, or the negated errno.
    static func send(_ fd: Int32, _ bytes: [UInt8], to ip: IPv4Address, port: Int) -> Int {
        var address = socketAddress(ip, port: port)
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT), $0,
                           socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        return sent >= 0 ? sent : -Int(errno)
    }

    /// Receives one datagram without blocking; nil when nothing is queued (or on error).
    static func receive(_ fd: Int32, capacity: Int = 4096) -> Datagram? {
        var buffer = [UInt8](repeating: 0, count: capacity)
        var address = sockaddr_in()
        // Room for a few control messages (SCM_TIMESTAMPNS is 16 bytes of data).
        var control = [UInt8](repeating: 0, count: 128)
        let (count, controlLength): (Int, Int) = buffer.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { controlBytes in
                withUnsafeMutablePointer(to: &address) { addressPointer in
                    var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                    return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                        var message = msghdr()
                        message.msg_name = UnsafeMutableRawPointer(addressPointer)
                        message.msg_namelen = socklen_t(MemoryLayout<sockaddr_in>.size)
                        message.msg_iov = vectorPointer
                        message.msg_iovlen = 1
                        message.msg_control = controlBytes.baseAddress
                        message.msg_controllen = controlBytes.count
                        let received = recvmsg(fd, &message, Int32(MSG_DONTWAIT))
                        return (received, received >= 0 ? Int(message.msg_controllen) : 0)
                    }
                }
            }
        }
        guard count >= 0 else { return nil }
        let sender = IPv4Address(UInt32(bigEndian: address.sin_addr.s_addr))
        let timestamp = realtimeStamp(in: control.prefix(controlLength))
        return Datagram(bytes: Array(buffer.prefix(count)), sender: sender,
                        senderPort: Int(UInt16(bigEndian: address.sin_port)), kernelRealtimeNs: timestamp)
    }

    /// Walks control messages for `SOL_SOCKET`/`SO_TIMESTAMPNS` (x86_64/aarch64 layout:
    /// `cmsghdr` = size_t length, int level, int type, data aligned to size_t).
    static func realtimeStamp(in control: ArraySlice<UInt8>) -> UInt64? {
        let bytes = Array(control)
        let header = MemoryLayout<cmsghdr>.size
        let align = MemoryLayout<Int>.size
        var offset = 0
        while offset + header <= bytes.count {
            let length = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int.self) }
            let level = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + align, as: Int32.self) }
            let type = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + align + 4, as: Int32.self) }
            guard length >= header, offset + length <= bytes.count else { return nil }
            if level == SOL_SOCKET && type == SO_TIMESTAMPNS && length >= header + 16 {
                let seconds = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + header, as: Int64.self) }
                let nanos = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + header + 8, as: Int64.self) }
                return UInt64(seconds) &* 1_000_000_000 &+ UInt64(nanos)
            }
            offset += (length + align - 1) / align * align
        }
        return nil
    }

    /// `CLOCK_REALTIME` now, in nanoseconds (the clock `SO_TIMESTAMPNS` uses).
    static func realtimeNow() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

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

    /// The whole text of a procfs file, read until EOF (procfs reports size 0, so readers that
    /// trust `stat` get a truncated first page); nil when it cannot be opened.
    static func readProcFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = Glibc.close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data += chunk.prefix(count)
        }
        return String(decoding: data, as: UTF8.self)
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

    /// Reverse lookup through the system resolver (`getnameinfo` with `NI_NAMEREQD`); blocks.
    static func reverseName(_ ip: IPv4Address) -> String? {
        var address = socketAddress(ip, port: 0)
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NAMEREQD)
            }
        }
        guard result == 0 else { return nil }
        return String(cString: host)
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
        case EINVAL: "EINVAL"
        case EAGAIN: "EAGAIN"
        case EPROTONOSUPPORT: "EPROTONOSUPPORT"
        default: "E\(code)"
        }
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func socketAddress(_ ip: IPv4Address, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
        address.sin_addr = in_addr(s_addr: ip.value.bigEndian)
        return address
    }
}

/// A syscall failed: which call, and errno.
struct SocketSystemError: Error, Sendable, CustomStringConvertible {
    var call: String
    var code: Int32
    var name: String { SocketSystem.errorName(code) }
    var description: String { "\(call) failed: \(name) (\(SocketSystem.errorText(code)))" }
}
