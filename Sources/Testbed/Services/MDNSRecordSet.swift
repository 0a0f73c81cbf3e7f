import Fixture
import Wire

/// The mDNS records one device owns, built from its fixture entry (RFC 6762/6763).
///
/// - the host: `<hostname>.local` A, and `d.c.b.a.in-addr.arpa` PTR back to it (TTL 120,
///   cache-flush);
/// - per service: `<type>.local` PTR to the instance (shared, TTL 4500), the instance's SRV
///   (TTL 120, cache-flush) and TXT (TTL 4500, cache-flush), and the
///   `_services._dns-sd._udp.local` PTR to the type (shared, TTL 4500).
struct MDNSRecordSet: Sendable {
    /// One DNS-SD service instance and its records.
    struct Service: Sendable {
        var type: DNSName
        var instance: DNSName
        var pointer: DNSResourceRecord
        var server: DNSResourceRecord
        var text: DNSResourceRecord
        var enumeration: DNSResourceRecord
        /// The fixture's response delay, nil for the RFC 6762 default.
        var delayMs: Double?
    }

    static let hostTTL: UInt32 = 120
    static let otherTTL: UInt32 = 4500
    static let serviceEnumeration: DNSName = "_services._dns-sd._udp.local"

    var hostName: DNSName
    var address: DNSResourceRecord
    var reverse: DNSResourceRecord
    var services: [Service]

    init(device: Fixture.Device) {
        let host = DNSName(labels: [device.hostname ?? device.name, "local"])
        hostName = host
        address = DNSResourceRecord(name: host, data: .a(device.ip), ttl: Self.hostTTL, cacheFlush: true)
        let reverseName = DNSName(labels: device.ip.octets.reversed().map(String.init) + ["in-addr", "arpa"])
        reverse = DNSResourceRecord(name: reverseName, data: .ptr(host), ttl: Self.hostTTL, cacheFlush: true)
        services = (device.mdns ?? []).map { service in
            let type = DNSName(service.type).appending("local")
            let instance = type.prepending(service.instance)
            let pairs = (service.txt ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return Service(
                type: type,
                instance: instance,
                pointer: DNSResourceRecord(name: type, data: .ptr(instance), ttl: Self.otherTTL),
                server: DNSResourceRecord(
                    name: instance,
                    data: .srv(priority: 0, weight: 0, port: UInt16(service.port), target: host),
                    ttl: Self.hostTTL,
                    cacheFlush: true
                ),
                text: DNSResourceRecord(
                    name: instance,
                    data: .txt(strings: pairs),
                    ttl: Self.otherTTL,
                    cacheFlush: true
                ),
                enumeration: DNSResourceRecord(name: Self.serviceEnumeration, data: .ptr(type), ttl: Self.otherTTL),
                delayMs: service.delayMs
            )
        }
    }
}
