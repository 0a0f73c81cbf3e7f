import Fixture
import Testing

/// The fault keys of a fixture (issue 47), loaded and refused with file, line and fix.
@Suite("Fault fixture keys")
struct FaultFixtureKeyTests {
    static let valid = """
        name: faults
        network:
          subnet: 198.18.0.0/24
          gateway: 198.18.0.1
          scanner:
            ip: 198.18.0.50
            mac: "02:00:00:00:00:32"
        devices:
          - {name: gateway, ip: 198.18.0.1, mac: "02:00:00:00:00:01", category: router}
          - name: phone
            ip: 198.18.0.10
            mac: "02:00:00:00:00:0a"
            category: phone
            leave: {start_s: [10, 40], away_s: [5, 30]}
          - name: mac
            ip: 198.18.0.11
            mac: "02:00:00:00:00:0b"
            category: computer
            mdns_storm: {per_second: 100, start_s: [2, 2], duration_s: [10, 30]}
        """

    @Test func leaveLoadsAndRoundTrips() throws {
        let fixture = try FixtureLoader.load(text: Self.valid, file: FixtureErrorTests.file)
        #expect(fixture.devices[1].leave == Fixture.Leave(startS: [10, 40], awayS: [5, 30]))
        #expect(fixture.devices[0].leave == nil)
        let again = try FixtureLoader.load(text: FixtureYAMLWriter.yaml(fixture), file: "written.yaml")
        #expect(again == fixture)
        // The draws map [0, 1) onto the intervals: the low ends at 0, the middle at 0.5.
        let low = fixture.devices[1].leave!.window(startDraw: 0, awayDraw: 0)
        #expect(low.start == 10 && low.end == 15)
        let middle = fixture.devices[1].leave!.window(startDraw: 0.5, awayDraw: 0.5)
        #expect(middle.start == 25 && middle.end == 42.5)
    }

    static func refuse(
        _ replacement: String,
        message: [String],
        fix: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let line = "leave: {start_s: [10, 40], away_s: [5, 30]}"
        let text = FixtureErrorTests.replacing(line, with: replacement, in: valid)
        FixtureErrorTests.expectRefusal(
            text,
            line: FixtureErrorTests.lineNumber(of: replacement, in: text),
            message: message,
            fix: fix,
            sourceLocation: sourceLocation
        )
    }

    @Test func mdnsStormLoadsAndRoundTrips() throws {
        let fixture = try FixtureLoader.load(text: Self.valid, file: FixtureErrorTests.file)
        #expect(
            fixture.devices[2].mdnsStorm == Fixture.MDNSStorm(perSecond: 100, startS: [2, 2], durationS: [10, 30])
        )
        let again = try FixtureLoader.load(text: FixtureYAMLWriter.yaml(fixture), file: "written.yaml")
        #expect(again == fixture)
        let window = fixture.devices[2].mdnsStorm!.window(startDraw: 0.9, durationDraw: 0.5)
        #expect(window.start == 2 && window.end == 22)
    }

    static func refuseStorm(_ replacement: String, message: [String], fix: [String]) {
        let line = "mdns_storm: {per_second: 100, start_s: [2, 2], duration_s: [10, 30]}"
        let text = FixtureErrorTests.replacing(line, with: replacement, in: valid)
        FixtureErrorTests.expectRefusal(
            text,
            line: FixtureErrorTests.lineNumber(of: replacement, in: text),
            message: message,
            fix: fix
        )
    }

    @Test func stormRateOutOfRangeIsRefused() {
        Self.refuseStorm(
            "mdns_storm: {per_second: 5000, start_s: [2, 2], duration_s: [10, 30]}",
            message: ["mdns_storm.per_second", "5000", "out of range"],
            fix: ["1 to 1000 announcements a second"]
        )
    }

    @Test func stormDurationBackwardsIsRefused() {
        Self.refuseStorm(
            "mdns_storm: {per_second: 100, start_s: [2, 2], duration_s: [30, 10]}",
            message: ["mdns_storm.duration_s", "[min, max] seconds"],
            fix: ["duration_s: [10, 30]"]
        )
    }

    @Test func startAboveItsEndIsRefused() {
        Self.refuse(
            "leave: {start_s: [40, 10], away_s: [5, 30]}",
            message: ["leave.start_s", "[min, max] seconds with min ≤ max"],
            fix: ["start_s: [10, 40]"]
        )
    }

    @Test func oneNumberForStartIsRefused() {
        Self.refuse(
            "leave: {start_s: [10], away_s: [5, 30]}",
            message: ["leave.start_s", "[min, max]"],
            fix: ["[20, 20] for a fixed time"]
        )
    }

    @Test func zeroAwayIsRefused() {
        Self.refuse(
            "leave: {start_s: [10, 40], away_s: [0, 30]}",
            message: ["leave.away_s", "0.1 to 86400"],
            fix: ["away_s: [5, 30]"]
        )
    }

    @Test func negativeStartIsRefused() {
        Self.refuse(
            "leave: {start_s: [-1, 40], away_s: [5, 30]}",
            message: ["leave.start_s", "0 to 86400"],
            fix: ["start_s:"]
        )
    }

    @Test func anUnknownLeaveKeyIsRefused() {
        Self.refuse(
            "leave: {start_s: [10, 40], away_s: [5, 30], new_ip: 198.18.0.11}",
            message: ["new_ip"],
            fix: []
        )
    }

    @Test func newAddressLoadsRoundTripsAndDrawsFreeAddresses() throws {
        let text = FixtureErrorTests.replacing(
            "leave: {start_s: [10, 40], away_s: [5, 30]}",
            with: "leave: {start_s: [10, 40], away_s: [5, 30], new_address: true}",
            in: Self.valid
        )
        let fixture = try FixtureLoader.load(text: text, file: FixtureErrorTests.file)
        #expect(fixture.devices[1].leave?.newAddress == true)
        #expect(try FixtureLoader.load(text: FixtureYAMLWriter.yaml(fixture), file: "written.yaml") == fixture)
        var drawn: Set<String> = []
        for seed in UInt64(0)..<32 {
            let returns = fixture.returnAddresses(seed: seed)
            #expect(Array(returns.keys) == ["phone"])
            let address = try #require(returns["phone"])
            #expect(fixture.network.subnet.contains(address))
            #expect(![fixture.network.scanner.ip, fixture.network.gateway].contains(address))
            #expect(!fixture.devices.map(\.ip).contains(address))
            #expect(returns == fixture.returnAddresses(seed: seed))
            drawn.insert(address.description)
        }
        #expect(drawn.count > 20, "32 seeds drew only \(drawn.count) addresses")
        let plain = try FixtureLoader.load(text: Self.valid, file: FixtureErrorTests.file)
        #expect(plain.returnAddresses(seed: 1).isEmpty)
    }

    @Test func aSubnetWithoutRoomToReturnIsRefused() {
        // A /29 holds six hosts: the scanner and five devices take them all, so the phone has
        // nowhere to come back to.
        let text = FixtureErrorTests.replacing(
            "leave: {start_s: [10, 40], away_s: [5, 30]}",
            with: "leave: {start_s: [10, 40], away_s: [5, 30], new_address: true}",
            in: Self.valid
        )
        let small =
            text
            .replacingOccurrences(of: "subnet: 198.18.0.0/24", with: "subnet: 198.18.0.0/29")
            .replacingOccurrences(of: "ip: 198.18.0.50", with: "ip: 198.18.0.6")
            .replacingOccurrences(of: "ip: 198.18.0.10", with: "ip: 198.18.0.2")
            .replacingOccurrences(of: "ip: 198.18.0.11", with: "ip: 198.18.0.3")
        let filled = small.replacingOccurrences(
            of: "devices:\n",
            with:
                "devices:\n  - {name: d4, ip: 198.18.0.4, mac: \"02:00:00:00:00:04\", category: iot}\n  - {name: d5, ip: 198.18.0.5, mac: \"02:00:00:00:00:05\", category: iot}\n"
        )
        FixtureErrorTests.expectRefusal(
            filled,
            line: FixtureErrorTests.lineNumber(of: "new_address: true", in: filled),
            message: ["198.18.0.0/29 has no free address", "phone"],
            fix: ["larger subnet"]
        )
    }

    @Test func theFaultFixturesLoad() throws {
        let leave = try FixtureLoader.load(FixtureLoader.resolve("fault-leave"))
        #expect(leave.devices.filter { $0.leave != nil }.map(\.name) == ["studio-mac", "printer"])
        let storm = try FixtureLoader.load(FixtureLoader.resolve("fault-mdns-storm"))
        #expect(storm.devices.filter { $0.mdnsStorm != nil }.map(\.name) == ["studio-mac"])
        var withoutStorm = storm
        withoutStorm.name = "tiny"
        withoutStorm.description = nil
        for index in withoutStorm.devices.indices { withoutStorm.devices[index].mdnsStorm = nil }
        let burst = try FixtureLoader.load(FixtureLoader.resolve("fault-burst-loss"))
        #expect(burst.network.scanner.link?.burstLoss != nil)
        // Apart from the fault, each is tiny as written.
        var tiny = try FixtureLoader.load(FixtureLoader.resolve("tiny"))
        tiny.description = nil
        var withoutLeave = leave
        withoutLeave.name = "tiny"
        withoutLeave.description = nil
        for index in withoutLeave.devices.indices { withoutLeave.devices[index].leave = nil }
        #expect(withoutLeave == tiny)
        var withoutBurst = burst
        withoutBurst.name = "tiny"
        withoutBurst.description = nil
        withoutBurst.network.scanner.link = nil
        #expect(withoutBurst == tiny)
        #expect(withoutStorm == tiny)
        let moving = try FixtureLoader.load(FixtureLoader.resolve("fault-new-address"))
        #expect(moving.devices.filter { $0.leave?.newAddress == true }.map(\.name) == ["studio-mac", "printer"])
        var withoutMoves = moving
        withoutMoves.name = "tiny"
        withoutMoves.description = nil
        for index in withoutMoves.devices.indices { withoutMoves.devices[index].leave = nil }
        #expect(withoutMoves == tiny)
    }
}
