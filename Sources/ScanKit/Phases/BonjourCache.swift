import Platform

import Wire

/// What the Bonjour phase has learned from mDNS responses: services in discovery order
/// (de-duplicated by `name|type|domain`), SRV targets, TXT strings and host addresses. A value
/// type without I/O, so the parsing rules can be tested on crafted messages.
///
/// Rules (RFC 6762 / 6763):
/// - Only responses count (QR set, opcode 0); queries — including other queriers' known-answer
///   lists — are ignored.
/// - Answers and additional records are both used (DNS-SD responders put SRV/TXT/A in the
///   additional section of a browse answer, §12 of RFC 6763).
/// - A PTR is a service only when its owner is a browsed `_x._tcp.<domain>` name.
/// - A record with the cache-flush bit replaces every earlier record of the same name and type
///   (RFC 6762 §10.2); without it, records of a set accumulate.
/// - TTL 0 is a goodbye: the record is removed (a service already found stays found, as
///   NetMonitor's list reads happen at poll time and this port keeps the first sighting).
public struct BonjourCache: Sendable {
    /// Services in the order their first PTR arrived.
    public private(set) var services: [BonjourService] = []
    private var serviceIndex: [String: Int] = [:]
    /// Instance name → (target host, port).
    public private(set) var servers: [DNSName: (target: DNSName, port: UInt16)] = [:]
    /// Instance name → TXT strings.
    public private(set) var texts: [DNSName: [String]] = [:]
    /// Host name → IPv4 addresses.
    public private(set) var addresses: [DNSName: [IPv4Address]] = [:]
    /// Browse name → PTR records held, with the time received (for known answers).
    private var pointers: [DNSName: [(record: DNSResourceRecord, receivedNs: UInt64)]] = [:]
    /// Browsed names (`_http._tcp.local`), lower-cased keys through `DNSName` equality.
    private var browsed: Set<DNSName> = []
    /// Responses seen whose TC bit was set (should be none: responders do not truncate).
    public private(set) var truncatedResponses = 0

    public init() {}

    /// Adds service types whose PTR answers count as services.
    public mutating func browse(types: [String], domain: String = "local") {
        for type in types { browsed.insert(BonjourQueryBuilder.browseName(type: type, domain: domain)) }
    }

    /// Applies one received message.
    /// - Returns: services seen for the first time, in message order.
    @discardableResult
    public mutating func apply(_ message: DNSMessage, receivedNs: UInt64 = MonotonicClock.now()) -> [BonjourService] {
        guard message.isResponse, message.opcode == 0 else { return [] }
        if message.isTruncated { truncatedResponses += 1 }
        let records = message.answers + message.additionals
        // Cache-flush: a flagged record set replaces older data of that name and type once per message.
        var flushed: Set<FlushKey> = []
        var found: [BonjourService] = []
        for record in records {
            if record.cacheFlush, flushed.insert(FlushKey(name: record.name, type: record.type.rawValue)).inserted {
                flush(record.name, record.type)
            }
            switch record.data {
            case .ptr(let target) where browsed.contains(record.name):
                guard record.ttl > 0 else {
                    pointers[record.name]?.removeAll { $0.record.data == record.data }
                    continue
                }
                pointers[record.name, default: []].removeAll { $0.record.data == record.data }
                pointers[record.name, default: []].append((record, receivedNs))
                guard var service = BonjourService(instanceName: target, firstSeenNs: receivedNs),
                    serviceIndex[service.key] == nil
                else { continue }
                service.firstSeenNs = receivedNs
                serviceIndex[service.key] = services.count
                services.append(service)
                found.append(service)
            case .srv(_, _, let port, let target):
                if record.ttl == 0 { servers[record.name] = nil } else { servers[record.name] = (target, port) }
            case .txt:
                if record.ttl == 0 { texts[record.name] = nil } else { texts[record.name] = record.data.textStrings }
            case .a(let ip):
                if record.ttl == 0 {
                    addresses[record.name]?.removeAll { $0 == ip }
                } else if !(addresses[record.name] ?? []).contains(ip) {
                    addresses[record.name, default: []].append(ip)
                }
            default:
                continue
            }
        }
        return found
    }

    /// PTR records held for `types`, with TTLs reduced by the time since they arrived — the
    /// known-answer list of the next browse query (RFC 6762 §7.1).
    public func knownAnswers(types: [String], domain: String = "local", nowNs: UInt64) -> [DNSResourceRecord] {
        types.flatMap { type -> [DNSResourceRecord] in
            let name = BonjourQueryBuilder.browseName(type: type, domain: domain)
            return (pointers[name] ?? []).compactMap { entry in
                let elapsed = UInt32(min((nowNs &- entry.receivedNs) / 1_000_000_000, UInt64(UInt32.max)))
                guard entry.record.ttl > elapsed else { return nil }
                var record = entry.record
                record.ttl -= elapsed
                record.cacheFlush = false
                return record
            }
        }
    }

    /// The SRV target host and port of a service, when known.
    public func server(of service: BonjourService) -> (target: DNSName, port: UInt16)? {
        servers[service.instanceName]
    }

    /// The IPv4 addresses of the service's SRV target, in arrival order (empty when unresolved).
    public func addresses(of service: BonjourService) -> [IPv4Address] {
        guard let target = server(of: service)?.target else { return [] }
        return addresses[target] ?? []
    }

    private mutating func flush(_ name: DNSName, _ type: DNSRecordType) {
        switch type {
        case .a: addresses[name] = nil
        case .srv: servers[name] = nil
        case .txt: texts[name] = nil
        default: break
        }
    }

    private struct FlushKey: Hashable {
        var name: DNSName
        var type: UInt16
    }
}
