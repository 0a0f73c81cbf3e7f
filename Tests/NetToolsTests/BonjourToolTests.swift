import Testing
import Wire
import ScanKit
@testable import NetTools

@Suite("bonjour tool: enumeration and resolution")
struct BonjourToolTests {
    @Test("the enumeration answer names the link's service types")
    func enumeratedTypes() {
        let meta = DNSName("_services._dns-sd._udp.local")
        let message = DNSMessage(
            isResponse: true,
            isAuthoritative: true,
            answers: [
                DNSResourceRecord(name: meta, data: .ptr(DNSName("_hap._tcp.local")), ttl: 4500),
                DNSResourceRecord(name: meta, data: .ptr(DNSName("_esphomelib._tcp.local")), ttl: 4500),
                DNSResourceRecord(name: "_http._tcp.local", data: .ptr(DNSName("x._http._tcp.local")), ttl: 4500),
            ]
        )
        #expect(BonjourToolBrowser.enumeratedTypes(in: message) == ["_hap._tcp", "_esphomelib._tcp"])
    }

    @Test("a browsed service resolves to its SRV target, port, A addresses and TXT pairs; a goodbye does not erase it")
    func resolvesThroughTheCache() {
        let instance = DNSName("Garden._esphomelib._tcp.local"), host = DNSName("garden.local")
        var cache = BonjourCache()
        cache.browse(types: ["_esphomelib._tcp"])
        let answer = DNSMessage(
            isResponse: true,
            isAuthoritative: true,
            answers: [DNSResourceRecord(name: "_esphomelib._tcp.local", data: .ptr(instance), ttl: 4500)],
            additionals: [
                DNSResourceRecord(
                    name: instance,
                    data: .srv(priority: 0, weight: 0, port: 6053, target: host),
                    ttl: 120,
                    cacheFlush: true
                ),
                DNSResourceRecord(
                    name: instance,
                    data: .txt(strings: ["version=2024.12.4", "flag"]),
                    ttl: 4500,
                    cacheFlush: true
                ),
                DNSResourceRecord(name: host, data: .a(IPv4Address(198, 18, 0, 86)), ttl: 120, cacheFlush: true),
            ]
        )
        let found = cache.apply(answer)
        #expect(found.count == 1)
        let services = BonjourToolBrowser.resolved(cache, responders: [instance: IPv4Address(198, 18, 0, 99)])
        #expect(services.count == 1)
        let service = services[0]
        #expect(service.instance == "Garden" && service.type == "_esphomelib._tcp" && service.domain == "local")
        #expect(service.host == "garden.local" && service.port == 6053)
        #expect(service.addresses == ["198.18.0.86"], "A records win over the responder's address")
        #expect(service.txt == ["version": "2024.12.4", "flag": ""])
        // Without an A record, the responder's address stands in.
        var bare = BonjourCache()
        bare.browse(types: ["_esphomelib._tcp"])
        bare.apply(
            DNSMessage(isResponse: true, isAuthoritative: true, answers: [answer.answers[0], answer.additionals[0]])
        )
        #expect(
            BonjourToolBrowser.resolved(bare, responders: [instance: IPv4Address(198, 18, 0, 99)])[0].addresses == [
                "198.18.0.99"
            ]
        )
    }
}
