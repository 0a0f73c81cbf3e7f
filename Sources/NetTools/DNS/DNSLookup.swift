import Platform
import Foundation
import Wire

/// DNS lookups over UDP with the Wire codec, to the system's resolver or a server you name
/// (unlike NetMonitor, whose custom server was only a label).
public struct DNSLookup: Sendable {
    /// The record types the tool asks for.
    public static let supportedTypes: [String: DNSRecordType] = [
        "A": .a, "AAAA": .aaaa, "MX": .mx, "TXT": .txt, "CNAME": .cname, "NS": .ns, "SOA": .soa, "PTR": .ptr,
    ]

    /// The answer to one query.
    public struct Result: Sendable, Encodable {
        public var name: String
        public var type: String
        public var server: String
        public var status: String
        /// Milliseconds from sending the (last) query to its answer.
        public var queryTimeMs: Double
        public var answers: [Answer]
        public var authority: [Answer]

        enum CodingKeys: String, CodingKey {
            case name, type, server, status, answers, authority
            case queryTimeMs = "query_time_ms"
        }
    }

    /// One record, with its data rendered as dig renders it.
    public struct Answer: Sendable, Encodable, Equatable {
        public var name: String
        public var ttl: UInt32
        public var type: String
        public var data: String
    }

    public var server: IPv4Address
    public var port: UInt16 = 53
    public var timeout: Double
    public var attempts: Int

    public init(server: IPv4Address, port: UInt16 = 53, timeout: Double = 5, attempts: Int = 2) {
        self.server = server
        self.port = port
        self.timeout = timeout
        self.attempts = attempts
    }

    /// The query name for `name` and `type`: an IPv4 address asked for PTR becomes its
    /// in-addr.arpa name.
    public static func queryName(_ name: String, type: DNSRecordType) -> DNSName {
        if type == .ptr, let ip = IPv4Address(name) {
            return DNSName(labels: ip.octets.reversed().map(String.init) + ["in-addr", "arpa"])
        }
        return DNSName(name)
    }

    /// Parses a record type name (case-insensitive).
    /// - Throws: ``NetToolError/invalidArgument(_:)`` listing the supported types.
    public static func recordType(_ text: String) throws(NetToolError) -> DNSRecordType {
        guard let type = supportedTypes[text.uppercased()] else {
            throw .invalidArgument(
                "unsupported record type '\(text)' (use one of A, AAAA, MX, TXT, CNAME, NS, SOA, PTR)"
            )
        }
        return type
    }

    /// Asks for `type` records of `name`.
    /// - Throws: ``NetToolError`` on a bad name, a socket failure or no answer after every attempt.
    public func query(_ name: String, type: DNSRecordType) throws(NetToolError) -> Result {
        guard !name.isEmpty, name.utf8.count <= 253, !name.split(separator: ".").contains(where: { $0.utf8.count > 63 })
        else {
            throw .invalidArgument("'\(name)' is not a valid DNS name (labels of at most 63 bytes, 253 in all)")
        }
        let question = DNSQuestion(name: Self.queryName(name, type: type), type: type)
        let socket: Socket
        do { socket = try Socket.udp() } catch { throw error.toolError }
        defer { socket.close() }
        for _ in 0..<max(1, attempts) {
            let id = UInt16.random(in: 0...UInt16.max)
            let message = DNSMessage(id: id, recursionDesired: true, questions: [question])
            let start = MonotonicClock.signedNow()
            do { try socket.send(message.encoded(), to: server, port: port) } catch { throw error.toolError }
            let deadline = start + Int64(timeout * 1e9)
            while MonotonicClock.signedNow() < deadline {
                let left = Int((deadline - MonotonicClock.signedNow()) / 1_000_000) + 1
                if socket.wait(for: .readable, milliseconds: left).contains(.error) {
                    throw .system("DNS server \(server):\(port) is unreachable (ICMP error); check --server")
                }
                guard let datagram = try? socket.receive(maximum: 65535), datagram.source == server else { continue }
                guard let reply = try? DNSMessage(bytes: datagram.bytes), reply.isResponse, reply.id == id else {
                    continue
                }
                let elapsed = Double(MonotonicClock.signedNow() - start) / 1e6
                return Result(
                    name: name,
                    type: type.description,
                    server: "\(server):\(port)",
                    status: Self.statusName(reply.responseCode),
                    queryTimeMs: elapsed,
                    answers: reply.answers.map(Self.answer),
                    authority: reply.authorities.map(Self.answer)
                )
            }
        }
        throw .timeout(
            "no answer from DNS server \(server):\(port) after \(attempts) attempt(s) of \(timeout) s; is it reachable? try --server"
        )
    }

    /// dig's name for a response code.
    public static func statusName(_ code: DNSResponseCode) -> String {
        switch code {
        case .noError: "NOERROR"
        case .formatError: "FORMERR"
        case .serverFailure: "SERVFAIL"
        case .nameError: "NXDOMAIN"
        case .notImplemented: "NOTIMP"
        case .refused: "REFUSED"
        default: "RCODE\(code.rawValue)"
        }
    }

    /// A record as an ``Answer``.
    public static func answer(_ record: DNSResourceRecord) -> Answer {
        Answer(name: fqdn(record.name), ttl: record.ttl, type: record.type.description, data: render(record.data))
    }

    /// Record data in dig's presentation format (names fully qualified with a trailing dot).
    public static func render(_ data: DNSRecordData) -> String {
        switch data {
        case .a(let ip): return ip.description
        case .aaaa(let bytes): return ipv6(bytes)
        case .ptr(let name), .cname(let name), .ns(let name): return fqdn(name)
        case .mx(let preference, let exchange): return "\(preference) \(fqdn(exchange))"
        case .srv(let priority, let weight, let port, let target):
            return "\(priority) \(weight) \(port) \(fqdn(target))"
        case .txt(let strings):
            return strings.map {
                "\"" + String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }.joined(separator: " ")
        case .soa(let soa):
            return
                "\(fqdn(soa.primary)) \(fqdn(soa.mailbox)) \(soa.serial) \(soa.refresh) \(soa.retry) \(soa.expire) \(soa.minimum)"
        case .unknown(_, let bytes): return "\\# \(bytes.count) " + bytes.map { String($0, radix: 16) }.joined()
        }
    }

    static func fqdn(_ name: DNSName) -> String {
        name.labels.isEmpty ? "." : name.description.hasSuffix(".") ? name.description : name.description + "."
    }

    /// RFC 5952 text form of an IPv6 address (longest zero run compressed).
    static func ipv6(_ bytes: [UInt8]) -> String {
        guard bytes.count == 16 else { return "" }
        let groups = stride(from: 0, to: 16, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
        var best = (start: -1, length: 0), current = (start: -1, length: 0)
        for (index, group) in groups.enumerated() {
            if group == 0 {
                current = current.start < 0 ? (index, 1) : (current.start, current.length + 1)
                if current.length > best.length { best = current }
            } else {
                current = (-1, 0)
            }
        }
        let text = groups.map { String($0, radix: 16) }
        guard best.length >= 2 else { return text.joined(separator: ":") }
        let head = text[..<best.start].joined(separator: ":"),
            tail = text[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }
}
