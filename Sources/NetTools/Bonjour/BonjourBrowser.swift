import Foundation
import Wire

/// A minimal mDNS / DNS-SD browser (RFC 6762/6763): multicast queries to 224.0.0.251:5353 from
/// port 5353, for the service-type enumeration and a list of common types, repeated during a
/// window; every PTR, SRV, TXT and A record heard is gathered into resolved services.
///
/// ScanKit's Bonjour phase had not landed when this was written; this browser is NetTools' own.
public struct BonjourBrowser: Sendable {
    /// Types asked for directly, besides those the enumeration reveals (HomeNet browses 24).
    public static let commonTypes = [
        "_http._tcp", "_https._tcp", "_ssh._tcp", "_sftp-ssh._tcp", "_smb._tcp", "_afpovertcp._tcp", "_ipp._tcp", "_ipps._tcp",
        "_printer._tcp", "_pdl-datastream._tcp", "_scanner._tcp", "_airplay._tcp", "_raop._tcp", "_googlecast._tcp",
        "_spotify-connect._tcp", "_homekit._tcp", "_hap._tcp", "_companion-link._tcp", "_apple-mobdev2._tcp", "_device-info._tcp",
        "_sonos._tcp", "_hue._tcp", "_esphomelib._tcp", "_rfb._tcp", "_workstation._tcp", "_matter._tcp", "_timemachine._tcp",
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
        let socket: NetSocket
        do {
            socket = try NetSocket.udp()
            try socket.enableReuse()
            try socket.bind(port: 5353)
            try socket.joinMulticast(Self.group)
        } catch { throw .system("cannot listen for mDNS on UDP 5353: \(error)") }
        defer { socket.close() }
        var records: [DNSResourceRecord] = []
        var sources: [DNSName: IPv4Address] = [:]
        var asked = Set<String>()
        let start = NetSocket.monotonicNanoseconds()
        let queryTimes: [Double] = [0, 1, 3, 6]
        var nextQuery = 0
        let wanted = types.isEmpty ? Self.commonTypes : types
        while true {
            let elapsed = Double(NetSocket.monotonicNanoseconds() - start) / 1e9
            if elapsed >= window { break }
            if nextQuery < queryTimes.count, elapsed >= queryTimes[nextQuery] {
                nextQuery += 1
                var names = wanted
                if types.isEmpty { names.append("_services._dns-sd._udp") }
                names += asked.filter { !names.contains($0) }
                send(socket, questions: names.map { DNSQuestion(name: DNSName($0 + ".local"), type: .ptr) })
            }
            let untilQuery = nextQuery < queryTimes.count ? queryTimes[nextQuery] - elapsed : window - elapsed
            _ = socket.wait(for: Int16(POLLIN_VALUE), milliseconds: Int(min(untilQuery, window - elapsed) * 1000) + 1)
            while let datagram = try? socket.receive(maximum: 9000) {
                guard let message = try? DNSMessage(bytes: datagram.bytes), message.isResponse else { continue }
                for record in message.answers + message.additionals {
                    records.append(record)
                    sources[record.name] = datagram.source
                    if case .ptr(let target) = record.data, record.name.description.lowercased() == "_services._dns-sd._udp.local" {
                        let type = target.labels.prefix(2).joined(separator: ".")
                        if types.isEmpty, !asked.contains(type), !wanted.contains(type) {
                            asked.insert(type)
                            send(socket, questions: [DNSQuestion(name: target, type: .ptr)])
                        }
                    }
                }
            }
        }
        return Self.assemble(records, sources: sources, types: types)
    }

    static let group = IPv4Address(224, 0, 0, 251)

    private func send(_ socket: NetSocket, questions: [DNSQuestion]) {
        // Keep each query well under a 1500-byte frame.
        for chunk in stride(from: 0, to: questions.count, by: 12).map({ Array(questions[$0..<min($0 + 12, questions.count)]) }) {
            try? socket.send(DNSMessage(questions: chunk).encoded(), to: Self.group, port: 5353)
        }
    }

    /// Builds services from a bag of records (pure): PTR type → instance, SRV, TXT, A.
    public static func assemble(_ records: [DNSResourceRecord], sources: [DNSName: IPv4Address] = [:], types: [String] = []) -> [BonjourService] {
        var services: [String: BonjourService] = [:]
        var order: [String] = []
        var addresses: [String: Set<String>] = [:]
        for record in records {
            if case .a(let ip) = record.data { addresses[record.name.description.lowercased(), default: []].insert(ip.description) }
        }
        for record in records {
            guard case .ptr(let instanceName) = record.data, record.name.labels.count >= 3,
                  record.name.labels.first?.hasPrefix("_") == true, record.name.labels[0] != "_services" else { continue }
            let type = record.name.labels.prefix(2).joined(separator: ".")
            if !types.isEmpty && !types.contains(type) { continue }
            guard instanceName.labels.count > record.name.labels.count else { continue }
            let instance = instanceName.labels[0]
            let domain = record.name.labels.dropFirst(2).joined(separator: ".")
            let key = "\(instance)|\(type)|\(domain)"
            if services[key] == nil {
                services[key] = BonjourService(instance: instance, type: type, domain: domain, host: nil, port: nil, addresses: [], txt: [:])
                order.append(key)
            }
            for detail in records where detail.name == instanceName {
                switch detail.data {
                case .srv(_, _, let port, let target):
                    services[key]!.port = port
                    services[key]!.host = target.description
                    services[key]!.addresses = Array(addresses[target.description.lowercased()] ?? []).sorted()
                case .txt:
                    for pair in detail.data.textStrings ?? [] {
                        let parts = pair.split(separator: "=", maxSplits: 1)
                        if let keyName = parts.first { services[key]!.txt[String(keyName)] = parts.count == 2 ? String(parts[1]) : "" }
                    }
                default: break
                }
            }
            if services[key]!.addresses.isEmpty, let source = sources[instanceName] {
                services[key]!.addresses = [source.description]
            }
        }
        return order.compactMap { services[$0] }
    }
}
