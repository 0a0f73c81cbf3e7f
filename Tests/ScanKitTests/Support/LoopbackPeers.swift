import Foundation
import Glibc
import Synchronization
import Wire
import TestbedPlatform
@testable import ScanKit

/// Peers on 127.0.0.0/8 for the strategy knob tests: everything answers (or stays silent) on this
/// machine's loopback, so no packet reaches a real network and no testbed is needed.
enum Loopback {
    /// 127.0.0.`last`.
    static func ip(_ last: UInt8) -> IPv4Address { IPv4Address(127, 0, 0, last) }

    /// The scanner's own address in these tests.
    static let scanner = ip(1)

    /// 127.0.0.0/8, the loopback network.
    static let network = IPv4Network(address: ip(0), prefixLength: 8)

    /// Binds a new socket of `type` to `ip`:`port` (0: ephemeral); returns the descriptor and port.
    static func bound(_ type: Int32, ip: IPv4Address, port: UInt16, reuse: Bool = false) throws -> (Int32, UInt16) {
        let fd = socket(AF_INET, type | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var one: Int32 = 1
        if reuse { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) }
        var address = NetSocketAddress.make(ip, port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A TCP port nothing listens on at any of `ips` (bound on the first, then released), so a
    /// connect is refused at once with an RST.
    static func closedPort(on ips: [IPv4Address] = [scanner]) throws -> Int {
        let (fd, port) = try bound(Int32(SOCK_STREAM.rawValue), ip: ips.first ?? scanner, port: 0)
        close(fd)
        return Int(port)
    }

    /// `count` distinct closed ports.
    static func closedPorts(_ count: Int) throws -> [Int] {
        var ports: [Int] = []
        var fds: [Int32] = []
        defer { fds.forEach { close($0) } }
        for _ in 0..<count {
            let (fd, port) = try bound(Int32(SOCK_STREAM.rawValue), ip: scanner, port: 0)
            fds.append(fd)
            ports.append(Int(port))
        }
        return ports
    }
}

/// `sockaddr_in` construction without importing the Sockets module.
enum NetSocketAddress {
    static func make(_ ip: IPv4Address, _ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: ip.value.bigEndian)
        return address
    }
}

/// A TCP listener on one loopback address: connects to it complete (`ready`).
///
/// With `silent: true` it is a port that never answers: its accept queue (backlog 0) is filled by
/// one connection that is never accepted, so the kernel drops every further SYN and a connect
/// attempt hears nothing until its own timer gives up. `release()` accepts that connection,
/// after which the next retransmitted SYN (≈ 1 s after the first) is answered — a handshake that
/// takes about a second, for RTT samples that large.
final class PeerListener: Sendable {
    let fd: Int32
    let ip: IPv4Address
    let port: Int
    private let filler: Int32?

    init(ip: IPv4Address, port: Int = 0, silent: Bool = false) throws {
        let (fd, bound) = try Loopback.bound(Int32(SOCK_STREAM.rawValue), ip: ip, port: UInt16(port))
        guard listen(fd, silent ? 0 : 128) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        self.fd = fd
        self.ip = ip
        self.port = Int(bound)
        if silent {
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = NetSocketAddress.make(ip, bound)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 else {
                close(client)
                close(fd)
                throw POSIXError(.ECONNREFUSED)
            }
            filler = client
        } else {
            filler = nil
        }
    }

    /// Accepts one pending connection (the filler of a silent port), opening the queue again.
    func release() {
        let accepted = accept(fd, nil, nil)
        if accepted >= 0 { close(accepted) }
    }

    deinit {
        if let filler { close(filler) }
        close(fd)
    }
}

/// A UDP socket on one loopback address that records what arrives.
final class UDPCapture: Sendable {
    let fd: Int32
    let port: Int
    private let received = Mutex<[[UInt8]]>([])

    init(ip: IPv4Address, port: Int = 0) throws {
        let (fd, bound) = try Loopback.bound(Int32(SOCK_DGRAM.rawValue), ip: ip, port: UInt16(port))
        self.fd = fd
        self.port = Int(bound)
    }

    /// Datagrams read so far (drains the socket first).
    var datagrams: [[UInt8]] {
        var buffer = [UInt8](repeating: 0, count: 2048)
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else { break }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count >= 0 else { break }
            let bytes = Array(buffer.prefix(count))
            received.withLock { $0.append(bytes) }
        }
        return received.withLock { $0 }
    }

    deinit { close(fd) }
}

/// A UPnP device on loopback: joins 239.255.255.250 on `lo`, records every M-SEARCH, and answers
/// each with `response` after `delayMs`, by unicast to the searcher (UPnP 1.1 §1.3.3).
final class LoopbackSSDPResponder: Sendable {
    private let socket: DiscoverySocket
    private let searches = Box<[SSDPMessage]>([])
    /// False once stopped: the socket may hear a search until its receive thread notices the
    /// close, and a delayed answer may be pending; neither may answer a later test's search.
    private let active = Box(true)

    init(response: String, delayMs: Int) throws {
        socket = try DiscoverySocket(port: SSDPSearchRequest.port, reuse: true, interface: nil)
        try socket.configureMulticast(
            group: SSDPSearchRequest.group,
            interface: "lo",
            localIP: Loopback.scanner,
            ttl: 2,
            join: true
        )
        socket.startReceiving { [searches, socket, active] datagram in
            guard active.value, let message = try? SSDPMessage(decoding: datagram.bytes[...]), message.kind == .search
            else { return }
            searches.update { $0.append(message) }
            let reply = Array(response.utf8)
            let target = datagram.sender, port = datagram.senderPort
            Thread {
                usleep(UInt32(delayMs * 1000))
                if active.value { try? socket.send(reply, to: target, port: port) }
            }.start()
        }
    }

    /// The M-SEARCH requests heard.
    var heard: [SSDPMessage] { searches.value }

    /// Stops answering and closes the socket.
    func stop() {
        active.set(false)
        socket.close()
    }

    deinit { stop() }
}

/// A DNS-SD responder on loopback: joins 224.0.0.251 on `lo` and answers browse questions for
/// its services by multicast, as a device's mDNS responder would.
///
/// - `additionals`: a browse answer carries SRV/TXT/A (the usual case) — the resolve is then
///   instant; without them the resolver must ask.
/// - `answersResolves`: answers SRV/TXT and A questions; false leaves a resolve to time out.
///   Every service's TXT is one string, `model=Loopback<port>`.
/// Every query heard is recorded with its time, questions and known answers.
final class LoopbackMDNSResponder: Sendable {
    struct Service: Sendable {
        var instance: String
        var type: String
        var host: String
        var ip: IPv4Address
        var port: UInt16
        var name: DNSName { DNSName(instance).appending(BonjourQueryBuilder.browseName(type: type)) }
        var hostName: DNSName { DNSName(labels: [host, "local"]) }
    }

    struct Query: Sendable {
        var atNs: UInt64
        var questions: [DNSQuestion]
        var knownAnswers: Int
    }

    private let socket: DiscoverySocket
    private let queries = Box<[Query]>([])
    private let active = Box(true)

    init(services: [Service], additionals: Bool = true, answersResolves: Bool = true) throws {
        socket = try DiscoverySocket(port: BonjourQueryBuilder.port, reuse: true, interface: nil)
        try socket.configureMulticast(
            group: BonjourQueryBuilder.group,
            interface: "lo",
            localIP: Loopback.scanner,
            ttl: 255,
            join: true
        )
        socket.startReceiving { [queries, socket, active] datagram in
            guard active.value, let query = try? DNSMessage(bytes: datagram.bytes), !query.isResponse else { return }
            queries.update {
                $0.append(
                    Query(atNs: datagram.receivedAtNs, questions: query.questions, knownAnswers: query.answers.count)
                )
            }
            var answers: [DNSResourceRecord] = []
            var extra: [DNSResourceRecord] = []
            for question in query.questions {
                for service in services {
                    let srv = DNSResourceRecord(
                        name: service.name,
                        data: .srv(priority: 0, weight: 0, port: service.port, target: service.hostName),
                        ttl: 120,
                        cacheFlush: true
                    )
                    let a = DNSResourceRecord(name: service.hostName, data: .a(service.ip), ttl: 120, cacheFlush: true)
                    let txt = DNSResourceRecord(
                        name: service.name,
                        data: .txt([Array("model=Loopback\(service.port)".utf8)]),
                        ttl: 4500,
                        cacheFlush: true
                    )
                    switch question.type {
                    case .ptr where question.name == BonjourQueryBuilder.browseName(type: service.type):
                        answers.append(DNSResourceRecord(name: question.name, data: .ptr(service.name), ttl: 4500))
                        if additionals { extra += [srv, txt, a] }
                    case .srv where answersResolves && question.name == service.name:
                        answers.append(srv)
                    case .txt where answersResolves && question.name == service.name:
                        answers.append(txt)
                    case .a where answersResolves && question.name == service.hostName:
                        answers.append(a)
                    default:
                        continue
                    }
                }
            }
            guard !answers.isEmpty else { return }
            let response = DNSMessage(
                id: 0,
                isResponse: true,
                isAuthoritative: true,
                answers: answers,
                additionals: extra
            )
            try? socket.send(response.encoded(), to: BonjourQueryBuilder.group, port: BonjourQueryBuilder.port)
        }
    }

    /// Queries heard so far, in arrival order.
    var heard: [Query] { queries.value }

    /// Stops answering and closes the socket.
    func stop() {
        active.set(false)
        socket.close()
    }

    deinit { stop() }
}

/// A DNS server on one loopback address, port 53: answers every PTR query with `name`, or (nil)
/// never answers.
final class LoopbackDNSServer: Sendable {
    let fd: Int32
    let ip: IPv4Address
    private let stop = Box(false)
    private let closed = Box(false)

    init(ip: IPv4Address, name: String?) throws {
        let (fd, _) = try Loopback.bound(Int32(SOCK_DGRAM.rawValue), ip: ip, port: 53, reuse: true)
        self.fd = fd
        self.ip = ip
        Thread { [stop, closed] in
            var buffer = [UInt8](repeating: 0, count: 1500)
            while !stop.value {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 20) > 0 else { continue }
                var from = sockaddr_in()
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                let count = withUnsafeMutablePointer(to: &from) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        recvfrom(fd, &buffer, buffer.count, 0, $0, &length)
                    }
                }
                guard count > 0, let name, let query = try? DNSMessage(bytes: buffer.prefix(count)),
                    let question = query.questions.first
                else { continue }
                let answer = DNSMessage(
                    id: query.id,
                    isResponse: true,
                    recursionDesired: true,
                    recursionAvailable: true,
                    questions: query.questions,
                    answers: [DNSResourceRecord(name: question.name, data: .ptr(DNSName(name)), ttl: 60)]
                )
                let bytes = answer.encoded()
                _ = withUnsafePointer(to: &from) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(fd, bytes, bytes.count, 0, $0, length)
                    }
                }
            }
            close(fd)
            closed.set(true)
        }.start()
    }

    /// Stops answering; returns once the port is free again.
    func shutdown() {
        stop.set(true)
        for _ in 0..<100 where !closed.value { usleep(5_000) }
    }

    deinit { shutdown() }
}

/// A private network namespace where ICMP datagram sockets are allowed and loopback is up, for
/// the ICMP sweep (this machine's own namespace may refuse ping sockets through
/// `net.ipv4.ping_group_range`). Made by `unshare --net`; the descriptor keeps it alive.
final class PrivateNetworkNamespace: Sendable {
    let fd: Int32

    /// - Parameter echoReplies: false sets `icmp_echo_ignore_all`, so nothing answers a ping.
    init(echoReplies: Bool) throws {
        let script = """
            ip link set lo up && echo '0 2147483647' > /proc/sys/net/ipv4/ping_group_range \
            && echo \(echoReplies ? 0 : 1) > /proc/sys/net/ipv4/icmp_echo_ignore_all && echo ready && exec sleep 30
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--net", "sh", "-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = output.fileHandleForReading.availableData
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        guard String(decoding: line, as: UTF8.self).hasPrefix("ready") else {
            throw POSIXError(.EPERM)
        }
        let fd = open("/proc/\(process.processIdentifier)/ns/net", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(.ENOENT) }
        self.fd = fd
    }

    /// Moves the calling thread into the namespace (for a thread that exits afterwards).
    func enter() -> Bool { (try? NetworkNamespace.enter(descriptor: fd)) != nil }

    deinit { close(fd) }
}
