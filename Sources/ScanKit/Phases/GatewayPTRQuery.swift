import AppContract
import Platform

import Wire

/// One PTR query for `ip` sent straight to a DNS server (the gateway), over UDP, with the Wire
/// DNS codec; blocks up to `timeoutMs` for the matching answer.
struct GatewayPTRQuery {
    var ip: IPv4Address
    var server: IPv4Address
    var timeoutMs: Int
    var interface: String?

    /// `d.c.b.a.in-addr.arpa`.
    static func reverseName(_ ip: IPv4Address) -> DNSName {
        DNSName(labels: ip.octets.reversed().map(String.init) + ["in-addr", "arpa"])
    }

    /// The query's wire form.
    static func query(for ip: IPv4Address, id: UInt16) -> [UInt8] {
        DNSMessage(id: id, recursionDesired: true, questions: [DNSQuestion(name: reverseName(ip), type: .ptr)])
            .encoded()
    }

    /// The PTR target in `response` if it answers query `id` for `ip`.
    static func answer(_ response: [UInt8], id: UInt16, ip: IPv4Address) -> String? {
        guard let message = try? DNSMessage(bytes: response), message.isResponse, message.id == id else { return nil }
        let name = reverseName(ip)
        for record in message.answers where record.name == name {
            if case .ptr(let target) = record.data { return target.description }
        }
        return nil
    }

    /// Sends the query and waits for the answer; nil on timeout, NXDOMAIN or error. A socket that
    /// cannot open or bind, or a send that fails, is a `send_failed` event.
    func run(events: (any EventSink)?, phase: String) -> String? {
        let failed = { (error: String) in
            events?.record(.sendFailed(.init(phase: phase, kind: .dnsPTR, ip: server, port: 53, error: error)))
        }
        let fd: Int32
        do { fd = try SocketSystem.openDatagram(interface: interface) } catch { failed(error.errno.name); return nil }
        defer { SocketSystem.close(fd) }
        let id = UInt16.random(in: 1...UInt16.max)
        let packet = Self.query(for: ip, id: id)
        let sent = SocketSystem.send(fd, packet, to: server, port: 53)
        guard sent > 0 else { failed(Errno(rawValue: Int32(-sent)).name); return nil }
        events?.record(.packetSent(.init(phase: phase, kind: .dnsPTR, ip: server, port: 53, bytes: sent)))
        let deadline = MonotonicClock.now() &+ UInt64(timeoutMs) * 1_000_000
        while true {
            let now = MonotonicClock.now()
            guard now < deadline else { return nil }
            guard SocketSystem.waitReadable(fd, timeoutMs: Int32((deadline - now) / 1_000_000 + 1)) else { continue }
            while let datagram = SocketSystem.receive(fd, capacity: 1500) {
                guard datagram.sender == server, datagram.senderPort == 53,
                    let message = try? DNSMessage(bytes: datagram.bytes), message.id == id
                else { continue }
                return Self.answer(datagram.bytes, id: id, ip: ip)
            }
        }
    }
}
