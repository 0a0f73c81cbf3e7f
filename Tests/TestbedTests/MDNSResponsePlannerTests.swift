@testable import Fixture
import Platform
import Testing
import Wire
@testable import Testbed

@Suite("mDNS response planning")
struct MDNSResponsePlannerTests {
    static func device() -> Fixture.Device {
        Fixture.Device(
            name: "apple-tv",
            ip: IPv4Address(198, 18, 0, 20),
            mac: MACAddress("02:00:00:00:00:14")!,
            category: .tv,
            hostname: "Living-Room",
            mdns: [
                .init(
                    type: "_airplay._tcp",
                    instance: "Living Room",
                    port: 7000,
                    txt: ["model": "AppleTV11,1"],
                    delayMs: 250
                ),
                .init(type: "_raop._tcp", instance: "AABBCC@Living Room", port: 7000, txt: nil, delayMs: nil),
                .init(type: "_airplay._tcp", instance: "Second", port: 7001, txt: nil, delayMs: 5000),
            ]
        )
    }

    static let planner = MDNSResponsePlanner(records: MDNSRecordSet(device: device()))
    static let peer = Socket.Address(ip: IPv4Address(198, 18, 0, 50), port: 5353)
    static let legacyPeer = Socket.Address(ip: IPv4Address(198, 18, 0, 50), port: 40000)

    static func query(
        _ name: DNSName,
        _ type: DNSRecordType,
        qu: Bool = false,
        known: [DNSResourceRecord] = [],
        id: UInt16 = 0
    ) -> DNSMessage {
        DNSMessage(id: id, questions: [DNSQuestion(name: name, type: type, unicastResponse: qu)], answers: known)
    }

    @Test func serviceEnumerationListsEachTypeOnceWithItsFastestDelay() {
        let plan = Self.planner.plan(
            query: Self.query("_services._dns-sd._udp.local", .ptr),
            from: Self.peer,
            defaultDelayMs: { 60 }
        )
        #expect(plan.map(\.delayMs) == [60, 250])
        #expect(plan.allSatisfy { $0.destination == .multicast })
        #expect(plan[0].message.answers.map(\.data) == [.ptr("_raop._tcp.local")])
        #expect(plan[1].message.answers.map(\.data) == [.ptr("_airplay._tcp.local")])
        #expect(plan[1].message.answers[0].ttl == 4500 && !plan[1].message.answers[0].cacheFlush)
        #expect(plan[0].message.isResponse && plan[0].message.isAuthoritative && plan[0].message.id == 0)
    }

    @Test func typeQueryAnswersEachInstanceAfterItsDelayWithAdditionals() throws {
        let plan = Self.planner.plan(query: Self.query("_AIRPLAY._tcp.local", .ptr), from: Self.peer)
        #expect(plan.map(\.delayMs) == [250, 5000])
        let first = plan[0].message
        #expect(first.answers.map(\.data) == [.ptr("Living Room._airplay._tcp.local")])
        #expect(first.additionals.map(\.type) == [.srv, .txt, .a])
        #expect(first.additionals[0].data == .srv(priority: 0, weight: 0, port: 7000, target: "Living-Room.local"))
        #expect(first.additionals[0].ttl == 120 && first.additionals[0].cacheFlush)
        #expect(first.additionals[1].data.textStrings == ["model=AppleTV11,1"])
        #expect(first.additionals[2].data == .a(IPv4Address(198, 18, 0, 20)))
        // And the plan survives the codec.
        #expect(try DNSMessage(bytes: first.encoded()) == first)
    }

    @Test func instanceQueriesAnswerSRVAndTXT() {
        let any = Self.planner.plan(query: Self.query("Living Room._airplay._tcp.local", .any), from: Self.peer)
        #expect(any.count == 1)
        #expect(any[0].message.answers.map(\.type) == [.srv, .txt])
        let txt = Self.planner.plan(
            query: Self.query("AABBCC@Living Room._raop._tcp.local", .txt),
            from: Self.peer,
            defaultDelayMs: { 20 }
        )
        #expect(txt.count == 1 && txt[0].delayMs == 20)
        #expect(txt[0].message.answers[0].data == .txt([]))
        #expect(txt[0].message.additionals.isEmpty)
    }

    @Test func hostAndReverseAnswerAtOnce() {
        let a = Self.planner.plan(query: Self.query("living-room.local", .a), from: Self.peer)
        #expect(a.count == 1 && a[0].delayMs == 0)
        #expect(
            a[0].message.answers == [
                DNSResourceRecord(
                    name: "Living-Room.local",
                    data: .a(IPv4Address(198, 18, 0, 20)),
                    ttl: 120,
                    cacheFlush: true
                )
            ]
        )
        let ptr = Self.planner.plan(query: Self.query("20.0.18.198.in-addr.arpa", .ptr), from: Self.peer)
        #expect(ptr.first?.message.answers.first?.data == .ptr("Living-Room.local"))
        #expect(Self.planner.plan(query: Self.query("living-room.local", .aaaa), from: Self.peer).isEmpty)
        #expect(Self.planner.plan(query: Self.query("other.local", .a), from: Self.peer).isEmpty)
    }

    @Test func quBitAndLegacyPortAnswerByUnicast() {
        let qu = Self.planner.plan(query: Self.query("living-room.local", .a, qu: true), from: Self.peer)
        #expect(qu[0].destination == .unicast(Self.peer))
        #expect(qu[0].message.answers[0].cacheFlush)

        let legacy = Self.planner.plan(
            query: Self.query("_services._dns-sd._udp.local", .ptr, id: 0x4242),
            from: Self.legacyPeer,
            defaultDelayMs: { 30 }
        )
        #expect(legacy.count == 1)
        #expect(legacy[0].delayMs == 250)
        #expect(legacy[0].destination == .unicast(Self.legacyPeer))
        #expect(legacy[0].message.id == 0x4242)
        #expect(legacy[0].message.questions == [DNSQuestion(name: "_services._dns-sd._udp.local", type: .ptr)])
        #expect(legacy[0].message.answers.count == 2)
        #expect(legacy[0].message.answers.allSatisfy { $0.ttl == 10 && !$0.cacheFlush })
    }

    @Test func knownAnswersWithHalfTheTTLAreSuppressed() {
        let fresh = DNSResourceRecord(
            name: "_airplay._tcp.local",
            data: .ptr("Living Room._airplay._tcp.local"),
            ttl: 4000
        )
        let stale = DNSResourceRecord(name: "_airplay._tcp.local", data: .ptr("Second._airplay._tcp.local"), ttl: 100)
        let plan = Self.planner.plan(
            query: Self.query("_airplay._tcp.local", .ptr, known: [fresh, stale]),
            from: Self.peer
        )
        #expect(plan.count == 1)
        #expect(plan[0].message.answers.map(\.data) == [.ptr("Second._airplay._tcp.local")])
    }

    @Test func responsesAndOtherOpcodesAreIgnored() {
        var response = Self.query("living-room.local", .a)
        response.isResponse = true
        #expect(Self.planner.plan(query: response, from: Self.peer).isEmpty)
        var update = Self.query("living-room.local", .a)
        update.opcode = 5
        #expect(Self.planner.plan(query: update, from: Self.peer).isEmpty)
    }

    @Test func announcementLeavesDelayedServicesOut() {
        let message = Self.planner.announcement()
        #expect(message.answers.contains { $0.data == .ptr("AABBCC@Living Room._raop._tcp.local") })
        #expect(!message.answers.contains { $0.name.hasSuffix("_airplay._tcp.local") })
        #expect(message.answers.contains { $0.type == .a })
    }
}
