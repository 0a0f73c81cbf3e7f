import Fixture
import Testing

/// The `hostile` fault key (issue 47): loaded, written back, drawn from the seed, and refused
/// with file, line and fix.
@Suite("Hostile fixture key")
struct HostileFixtureKeyTests {
    static let line = "hostile: {protocols: [mdns, http], kinds: [truncated, oversized]}"
    static let valid = """
        name: hostile
        network:
          subnet: 198.18.0.0/24
          gateway: 198.18.0.1
          scanner:
            ip: 198.18.0.50
            mac: "02:00:00:00:00:32"
        devices:
          - {name: gateway, ip: 198.18.0.1, mac: "02:00:00:00:00:01", category: router}
          - name: tv
            ip: 198.18.0.12
            mac: "02:00:00:00:00:0c"
            category: tv
            tcp: {open: [80, 22]}
            http: [{port: 80, server: TV}]
            banners: [{port: 22, protocol: ssh, text: SSH-2.0-x}]
            mdns: [{type: _airplay._tcp, instance: TV, port: 80}]
            \(line)
        """

    @Test func loadsRoundTripsAndDraws() throws {
        let fixture = try FixtureLoader.load(text: Self.valid, file: FixtureErrorTests.file)
        let hostile = try #require(fixture.devices[1].hostile)
        #expect(hostile == Fixture.Hostile(protocols: [.mdns, .http], kinds: [.truncated, .oversized]))
        let again = try FixtureLoader.load(text: FixtureYAMLWriter.yaml(fixture), file: "written.yaml")
        #expect(again == fixture)
        // One kind per protocol, from the list, the same for the same seed; over many seeds both
        // kinds come up for each protocol.
        var seen: [Fixture.Hostile.HostileProtocol: Set<Fixture.Hostile.Kind>] = [:]
        for seed in UInt64(0)..<64 {
            let drawn = hostile.drawn(seed: seed)
            #expect(Set(drawn.keys) == [.mdns, .http])
            #expect(drawn == hostile.drawn(seed: seed))
            for (name, kind) in drawn { seen[name, default: []].insert(kind) }
        }
        #expect(seen[.mdns] == [.truncated, .oversized] && seen[.http] == [.truncated, .oversized])
        // The text the event log and the agent's --hostile carry reads back.
        let drawn = hostile.drawn(seed: 7)
        #expect(Fixture.Hostile.parse(Fixture.Hostile.text(drawn)) == drawn)
        #expect(Fixture.Hostile.parse("mdns sideways") == nil)
    }

    static func refuse(
        _ replacement: String,
        message: [String],
        fix: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = FixtureErrorTests.replacing(line, with: replacement, in: valid)
        FixtureErrorTests.expectRefusal(
            text,
            line: FixtureErrorTests.lineNumber(of: replacement, in: text),
            message: message,
            fix: fix,
            sourceLocation: sourceLocation
        )
    }

    @Test func anUnknownKindIsRefused() {
        Self.refuse(
            "hostile: {protocols: [mdns], kinds: [sideways]}",
            message: ["sideways"],
            fix: ["malformed", "truncated", "oversized"]
        )
    }

    @Test func anUnknownProtocolIsRefused() {
        Self.refuse(
            "hostile: {protocols: [ftp], kinds: [truncated]}",
            message: ["ftp"],
            fix: ["mdns", "ssdp", "http"]
        )
    }

    @Test func noKindsIsRefused() {
        Self.refuse(
            "hostile: {protocols: [mdns], kinds: []}",
            message: ["hostile.kinds", "at least one"],
            fix: ["kinds: [malformed, truncated, oversized]"]
        )
    }

    @Test func aRepeatedProtocolIsRefused() {
        Self.refuse(
            "hostile: {protocols: [mdns, mdns], kinds: [truncated]}",
            message: ["hostile.protocols", "each once"],
            fix: ["protocols: [mdns, ssdp, http]"]
        )
    }

    @Test func aProtocolTheDeviceDoesNotServeIsRefused() {
        Self.refuse(
            "hostile: {protocols: [mdns, ssdp], kinds: [truncated]}",
            message: ["tv", "serves no ssdp"],
            fix: ["`ssdp:`", "remove ssdp"]
        )
    }

    @Test func anUnknownKeyIsRefused() {
        Self.refuse(
            "hostile: {protocols: [mdns], kinds: [truncated], rate: 2}",
            message: ["rate"],
            fix: []
        )
    }

    @Test func theHostileFixtureIsTinyWithTheFault() throws {
        let hostile = try FixtureLoader.load(FixtureLoader.resolve("fault-hostile"))
        #expect(hostile.devices.filter { $0.hostile != nil }.map(\.name) == ["gateway", "studio-mac", "printer"])
        var without = hostile
        without.name = "tiny"
        without.description = nil
        for index in without.devices.indices { without.devices[index].hostile = nil }
        var tiny = try FixtureLoader.load(FixtureLoader.resolve("tiny"))
        tiny.description = nil
        #expect(without == tiny)
    }
}
