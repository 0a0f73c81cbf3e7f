import Platform
import Foundation
import Wire

/// WHOIS over TCP port 43 (RFC 3912) with referral following: IANA → registry → registrar.
public struct WhoisClient: Sendable {
    /// One server's answer in the chain.
    public struct Step: Sendable, Codable {
        public var server: String
        public var text: String
        public var referral: String?
    }

    /// The whole lookup: every step and the fields of the most specific answer.
    public struct Result: Sendable, Codable {
        public var query: String
        public var kind: WhoisServerMap.QueryKind
        public var chain: [Step]
        public var record: WhoisRecord
        /// The last answer's raw text.
        public var raw: String
    }

    public var map: WhoisServerMap = .builtIn
    /// Seconds for each server (connect and read).
    public var timeout: Double = 10
    /// Whether to follow referrals.
    public var follow = true
    /// Most servers asked in one lookup.
    public var maxHops = 5
    public var port: UInt16 = 43

    public init(map: WhoisServerMap = .builtIn, timeout: Double = 10, follow: Bool = true, maxHops: Int = 5) {
        self.map = map
        self.timeout = timeout
        self.follow = follow
        self.maxHops = maxHops
    }

    /// Looks `query` up, starting at `server` (or the map's choice) and following referrals.
    /// - Throws: ``NetToolError`` when the first server cannot be reached or answers nothing.
    public func lookup(_ query: String, server: String? = nil) throws(NetToolError) -> Result {
        let query = query.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty, !query.contains(where: { $0.isNewline }), query.utf8.count < 256 else {
            throw .invalidArgument("the WHOIS query must be one line of text (a domain, an IPv4 address or AS number)")
        }
        var next: String? = server ?? map.server(for: query)
        var chain: [Step] = []
        var asked = Set<String>()
        while let current = next, chain.count < maxHops, !asked.contains(current) {
            asked.insert(current)
            let text: String
            do {
                text = try ask(current, query)
            } catch {
                if chain.isEmpty { throw error }
                break  // a dead referral: keep what the previous server said
            }
            let referral = WhoisRecord.referral(in: text)
            chain.append(Step(server: current, text: text, referral: referral))
            next = follow ? referral : nil
        }
        guard let last = chain.last else { throw .badResponse("no WHOIS answer for '\(query)'") }
        return Result(
            query: query,
            kind: WhoisServerMap.kind(of: query),
            chain: chain,
            record: WhoisRecord(text: last.text),
            raw: last.text
        )
    }

    /// Sends `query` + CRLF to `server` and reads until it closes or the timeout passes.
    public func ask(_ server: String, _ query: String) throws(NetToolError) -> String {
        let ip = try HostResolver.resolve(server)
        let attempt = TCPConnector.connect(ip, port: port, timeout: timeout)
        guard let socket = attempt.socket else {
            throw .system("cannot reach WHOIS server \(server) (\(ip):\(port)): \(Self.describe(attempt.outcome))")
        }
        defer { socket.close() }
        do { try socket.write(Array((query + "\r\n").utf8)) } catch { throw error.toolError }
        var bytes: [UInt8] = []
        let deadline = MonotonicClock.signedNow() + Int64(timeout * 1e9)
        while MonotonicClock.signedNow() < deadline, bytes.count < 1 << 20 {
            _ = socket.wait(for: .readable, milliseconds: Int((deadline - MonotonicClock.signedNow()) / 1_000_000) + 1)
            switch try? socket.read(waiting: false) {
            case .bytes(let chunk): bytes += chunk
            case .nothingYet: continue
            case .endOfStream, nil: return String(decoding: bytes, as: UTF8.self)
            }
        }
        guard !bytes.isEmpty else { throw .timeout("WHOIS server \(server) sent nothing within \(timeout) s") }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func describe(_ outcome: TCPConnector.Outcome) -> String {
        switch outcome {
        case .connected: "connected"
        case .refused: "connection refused"
        case .failed(let code): Errno(rawValue: code).text
        case .timedOut: "timed out"
        }
    }
}
