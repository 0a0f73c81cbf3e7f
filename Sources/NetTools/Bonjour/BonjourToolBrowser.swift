import Platform
import Foundation
import ScanKit
import Wire

/// The `scanbench bonjour` tool's browser (and the category probe's), not the scan's: ScanKit's
/// `BonjourBrowser` is the Bonjour phase's, on NetMonitor's tiers and schedule.
///
/// A minimal mDNS / DNS-SD browser (RFC 6762/6763): multicast queries to 224.0.0.251:5353 from
/// port 5353, for the service-type enumeration and a list of common types, repeated during a
/// window; every PTR, SRV, TXT and A record heard is gathered into resolved services.
///
/// Records go through ScanKit's `BonjourCache`, the same mDNS rules the Bonjour scan phase uses;
/// what this tool adds is the enumeration of every type on the link and the resolved output.
public struct BonjourToolBrowser: Sendable {
    /// Types asked for directly, besides those the enumeration reveals (HomeNet browses 24).
    public static let commonTypes = [
        "_http._tcp", "_https._tcp", "_ssh._tcp", "_sftp-ssh._tcp", "_smb._tcp", "_afpovertcp._tcp", "_ipp._tcp",
        "_ipps._tcp",
        "_printer._tcp", "_pdl-datastream._tcp", "_scanner._tcp", "_airplay._tcp", "_raop._tcp", "_googlecast._tcp",
        "_spotify-connect._tcp", "_homekit._tcp", "_hap._tcp", "_companion-link._tcp", "_apple-mobdev2._tcp",
        "_device-info._tcp",
        "_sonos._tcp", "_hue._tcp", "_esphomelib._tcp", "_rfb._tcp", "_workstation._tcp", "_matter._tcp",
        "_timemachine._tcp",
    ]

    /// Seconds to listen.
    public var window: Double = 9
    /// Only these types (empty: everything found).
    public var types: [String] = []

    public init(window: Double = 9, types: [String] = []) {
        self.window = window
        self.types = types
    }

    /// Browses for `window` seconds and returns every service heard, de-duplicated by
    /// (instance, type, domain).
    public func browse() throws(NetToolError) -> [BonjourService] {
        guard window > 0 && window <= 120 else { throw .invalidArgument("--window must be above 0 and at most 120 s") }
        let socket: Socket
        do {
            socket = try Socket.udp()
            try socket.enableReuse()
            try socket.bind(port: 5353)
            try socket.joinMulticast(Self.group)
        } catch { throw .system("cannot listen for mDNS on UDP 5353: \(error)") }
        defer { socket.close() }
        // ScanKit's cache applies the mDNS rules (responses only, cache-flush, goodbyes); this
        // browser adds the service-type enumeration and resolves what the cache holds.
        var cache = BonjourCache()
        var responders: [DNSName: IPv4Address] = [:]
        let wanted = types.isEmpty ? Self.commonTypes : types
        cache.browse(types: wanted)
        var enumerated: [String] = []
        let start = MonotonicClock.signedNow()
        let queryTimes: [Double] = [0, 1, 3, 6]
        var nextQuery = 0
        while true {
            let elapsed = Double(MonotonicClock.signedNow() - start) / 1e9
            if elapsed >= window { break }
            if nextQuery < queryTimes.count, elapsed >= queryTimes[nextQuery] {
                nextQuery += 1
                let names = wanted + enumerated + (types.isEmpty ? [Self.enumerationType] : [])
                send(socket, questions: names.map { DNSQuestion(name: DNSName($0 + ".local"), type: .ptr) })
            }
            let untilQuery = nextQuery < queryTimes.count ? queryTimes[nextQuery] - elapsed : window - elapsed
            _ = socket.wait(for: .readable, milliseconds: Int(min(untilQuery, window - elapsed) * 1000) + 1)
            while let datagram = try? socket.receive(maximum: 9000) {
                guard let message = try? DNSMessage(bytes: datagram.bytes), message.isResponse else { continue }
                if types.isEmpty {
                    for type in Self.enumeratedTypes(in: message)
                    where !wanted.contains(type) && !enumerated.contains(type) {
                        enumerated.append(type)
                        cache.browse(types: [type])
                        send(socket, questions: [DNSQuestion(name: DNSName(type + ".local"), type: .ptr)])
                    }
                }
                for service in cache.apply(message) { responders[service.instanceName] = datagram.source }
            }
        }
        return Self.resolved(cache, responders: responders)
    }

    static let group = IPv4Address(224, 0, 0, 251)
    /// The DNS-SD meta-query that lists the service types on the link (RFC 6763 §9).
    static let enumerationType = "_services._dns-sd._udp"

    private func send(_ socket: Socket, questions: [DNSQuestion]) {
        // Keep each query well under a 1500-byte frame.
        for chunk in stride(from: 0, to: questions.count, by: 12).map({
            Array(questions[$0..<min($0 + 12, questions.count)])
        }) {
            try? socket.send(DNSMessage(questions: chunk).encoded(), to: Self.group, port: 5353)
        }
    }

    /// Service types a response to the enumeration query names (`_ssh._tcp`).
    static func enumeratedTypes(in message: DNSMessage) -> [String] {
        (message.answers + message.additionals).compactMap { record in
            guard case .ptr(let target) = record.data,
                record.name == DNSName(enumerationType + ".local"), target.labels.count >= 2
            else { return nil }
            return target.labels.prefix(2).joined(separator: ".")
        }
    }

    /// The cache's services with their SRV target, port, addresses (the responder's when no A
    /// record came) and TXT pairs.
    public static func resolved(_ cache: BonjourCache, responders: [DNSName: IPv4Address]) -> [BonjourService] {
        cache.services.map { found in
            let server = cache.server(of: found)
            var addresses = cache.addresses(of: found).map(\.description)
            if addresses.isEmpty, server != nil, let responder = responders[found.instanceName] {
                addresses = [responder.description]
            }
            var txt: [String: String] = [:]
            for pair in cache.texts[found.instanceName] ?? [] {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if let key = parts.first { txt[String(key)] = parts.count == 2 ? String(parts[1]) : "" }
            }
            return BonjourService(
                instance: found.name,
                type: found.type,
                domain: found.domain,
                host: server?.target.description,
                port: server?.port,
                addresses: addresses.sorted(),
                txt: txt
            )
        }
    }
}
