import Testing
import Wire
@testable import ScanKit

@Suite("Bonjour: queries, responses, de-duplication")
struct BonjourProtocolTests {
    static let host: DNSName = "Living-Room.local"
    static let instance: DNSName = DNSName(labels: ["Living Room", "_airplay", "_tcp", "local"])

    static func browseAnswer(
        ttl: UInt32 = 4500,
        ip: IPv4Address = IPv4Address(198, 18, 0, 40),
        inAdditionals: Bool = true,
        flush: Bool = true
    ) -> DNSMessage {
        let ptr = DNSResourceRecord(name: "_airplay._tcp.local", data: .ptr(instance), ttl: ttl)
        let extra = [
            DNSResourceRecord(
                name: instance,
                data: .srv(priority: 0, weight: 0, port: 7000, target: host),
                ttl: 120,
                cacheFlush: flush
            ),
            DNSResourceRecord(name: instance, data: .txt(strings: ["model=AppleTV11,1"]), ttl: 4500, cacheFlush: flush),
            DNSResourceRecord(name: host, data: .a(ip), ttl: 120, cacheFlush: flush),
        ]
        return inAdditionals
            ? DNSMessage(isResponse: true, isAuthoritative: true, answers: [ptr], additionals: extra)
            : DNSMessage(isResponse: true, isAuthoritative: true, answers: [ptr] + extra)
    }

    @Test func browseQueryAsksOnePTRQuestionPerTypeWithoutFlags() throws {
        let messages = BonjourQueryBuilder.browseQueries(types: ["_http._tcp", "_ipp._tcp"])
        #expect(messages.count == 1)
        let decoded = try DNSMessage(bytes: messages[0].encoded())
        #expect(!decoded.isResponse && !decoded.isTruncated && decoded.id == 0)
        #expect(decoded.questions.map(\.name) == ["_http._tcp.local", "_ipp._tcp.local"])
        #expect(decoded.questions.allSatisfy { $0.type == .ptr && !$0.unicastResponse })
        #expect(decoded.answers.isEmpty)
    }

    @Test func knownAnswersGoInTheAnswerSectionAndSplitWithTheTCBit() throws {
        let known = (0..<80).map { i in
            DNSResourceRecord(
                name: "_http._tcp.local",
                data: .ptr(DNSName(labels: ["A rather long instance name number \(i)", "_http", "_tcp", "local"])),
                ttl: 4000
            )
        }
        let messages = BonjourQueryBuilder.browseQueries(types: ["_http._tcp"], knownAnswers: known)
        #expect(messages.count > 1)
        #expect(messages.dropLast().allSatisfy { $0.isTruncated })
        #expect(messages.last?.isTruncated == false)
        #expect(messages.allSatisfy { $0.encoded().count <= BonjourQueryBuilder.maxPayload })
        #expect(messages[0].questions.count == 1 && messages.dropFirst().allSatisfy { $0.questions.isEmpty })
        #expect(messages.flatMap(\.answers) == known)
    }

    @Test func resolveAndAddressQueries() {
        let resolve = BonjourQueryBuilder.resolveQuery(instance: Self.instance)
        #expect(resolve.questions.map(\.type) == [.srv, .txt])
        #expect(resolve.questions.allSatisfy { $0.name == Self.instance })
        #expect(BonjourQueryBuilder.addressQuery(host: Self.host).questions == [DNSQuestion(name: Self.host, type: .a)])
    }

    @Test(arguments: [true, false])
    func responseRecordsAreReadFromAnswersAndAdditionals(inAdditionals: Bool) throws {
        var cache = BonjourCache()
        cache.browse(types: ["_airplay._tcp"])
        let wire = try DNSMessage(bytes: Self.browseAnswer(inAdditionals: inAdditionals).encoded())
        let found = cache.apply(wire, receivedNs: 5)
        #expect(found.map(\.description) == ["Living Room|_airplay._tcp|local"])
        let service = try #require(found.first)
        #expect(cache.server(of: service)?.port == 7000)
        #expect(cache.server(of: service)?.target == Self.host)
        #expect(cache.addresses(of: service) == [IPv4Address(198, 18, 0, 40)])
        #expect(cache.texts[Self.instance] == ["model=AppleTV11,1"])
    }

    @Test func queriesAndUnbrowsedTypesAreIgnored() {
        var cache = BonjourCache()
        cache.browse(types: ["_ipp._tcp"])
        var query = Self.browseAnswer()
        query.isResponse = false
        #expect(cache.apply(query).isEmpty)
        #expect(cache.apply(Self.browseAnswer()).isEmpty, "PTR of a type not browsed")
        #expect(cache.services.isEmpty)
    }

    @Test func cacheFlushReplacesTheAddressSetAndPlainRecordsAccumulate() throws {
        var cache = BonjourCache()
        cache.browse(types: ["_airplay._tcp"])
        cache.apply(Self.browseAnswer(ip: IPv4Address(198, 18, 0, 40), flush: false))
        cache.apply(Self.browseAnswer(ip: IPv4Address(198, 18, 0, 41), flush: false))
        let service = try #require(cache.services.first)
        #expect(cache.addresses(of: service) == [IPv4Address(198, 18, 0, 40), IPv4Address(198, 18, 0, 41)])
        cache.apply(Self.browseAnswer(ip: IPv4Address(198, 18, 0, 42), flush: true))
        #expect(cache.addresses(of: service) == [IPv4Address(198, 18, 0, 42)])
    }

    @Test func truncatedResponsesAreCountedAndStillRead() throws {
        var cache = BonjourCache()
        cache.browse(types: ["_airplay._tcp"])
        var message = Self.browseAnswer()
        message.isTruncated = true
        let decoded = try DNSMessage(bytes: message.encoded())
        #expect(decoded.isTruncated)
        #expect(cache.apply(decoded).count == 1)
        #expect(cache.truncatedResponses == 1)
    }

    @Test func deduplicationByNameTypeDomainIgnoresCaseAndKeepsFirstOrder() {
        var cache = BonjourCache()
        cache.browse(types: ["_airplay._tcp", "_raop._tcp"])
        cache.apply(Self.browseAnswer(), receivedNs: 1)
        let shouting = DNSResourceRecord(
            name: "_airplay._tcp.local",
            data: .ptr(DNSName(labels: ["LIVING ROOM", "_airplay", "_tcp", "local"])),
            ttl: 4500
        )
        let raop = DNSResourceRecord(
            name: "_raop._tcp.local",
            data: .ptr(DNSName(labels: ["Living Room", "_raop", "_tcp", "local"])),
            ttl: 4500
        )
        let found = cache.apply(DNSMessage(isResponse: true, answers: [shouting, raop]), receivedNs: 2)
        #expect(found.map(\.type) == ["_raop._tcp"])
        #expect(cache.services.map(\.type) == ["_airplay._tcp", "_raop._tcp"])
        #expect(cache.services[0].firstSeenNs == 1)
    }

    @Test func knownAnswersCarryTheRemainingTTLAndDropExpiredOnes() {
        var cache = BonjourCache()
        cache.browse(types: ["_airplay._tcp"])
        cache.apply(Self.browseAnswer(ttl: 100), receivedNs: 0)
        let later = cache.knownAnswers(types: ["_airplay._tcp"], nowNs: 30_000_000_000)
        #expect(later.count == 1 && later[0].ttl == 70 && !later[0].cacheFlush)
        #expect(cache.knownAnswers(types: ["_airplay._tcp"], nowNs: 101_000_000_000).isEmpty)
        #expect(cache.knownAnswers(types: ["_raop._tcp"], nowNs: 0).isEmpty)
    }

    @Test func goodbyeRemovesTheKnownAnswer() {
        var cache = BonjourCache()
        cache.browse(types: ["_airplay._tcp"])
        cache.apply(Self.browseAnswer(), receivedNs: 0)
        cache.apply(Self.browseAnswer(ttl: 0), receivedNs: 1)
        #expect(cache.knownAnswers(types: ["_airplay._tcp"], nowNs: 2).isEmpty)
        #expect(cache.services.count == 1, "a service once found stays found")
    }

    @Test func instanceNamesSplitIntoNameTypeDomain() {
        let service = BonjourService(instanceName: DNSName(labels: ["Printer.Upstairs", "_ipp", "_tcp", "local"]))
        #expect(service?.name == "Printer.Upstairs" && service?.type == "_ipp._tcp" && service?.domain == "local")
        #expect(BonjourService(instanceName: "_ipp._tcp.local") == nil)
        #expect(service?.instanceName == DNSName(labels: ["Printer.Upstairs", "_ipp", "_tcp", "local"]))
    }

    @Test func querySchedulePerTierFollowsRFC6762Doubling() {
        let schedule = BonjourQuerySchedule(tiers: 2, tierDelayMs: 3000, untilMs: 12_000)
        #expect(schedule.entries.filter { $0.tier == 0 }.map(\.atMs) == [0, 1000, 3000, 7000])
        #expect(schedule.entries.filter { $0.tier == 1 }.map(\.atMs) == [3000, 4000, 6000, 10_000])
        #expect(schedule.entries.map(\.atMs) == schedule.entries.map(\.atMs).sorted())
        let once = BonjourQuerySchedule(tiers: 2, tierDelayMs: 3000, untilMs: 12_000, requery: false)
        #expect(once.entries.map(\.atMs) == [0, 3000])
        #expect(BonjourQuerySchedule(tiers: 2, tierDelayMs: 5000, untilMs: 3000).entries.map(\.tier) == [0, 0])
    }
}
