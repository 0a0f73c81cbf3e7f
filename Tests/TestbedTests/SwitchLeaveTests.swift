import Fixture
import Platform
import Foundation
import Testing
import Wire
@testable import Testbed

/// A `leave` fault in the switch, over socket pairs (no root): nothing reaches or leaves the
/// device inside its window, everything outside it; the window is drawn from the seed and
/// published as a `leave` event once it has begun.
@Suite("Switch leave fault over socket pairs", .serialized)
struct SwitchLeaveTests {
    typealias Harness = SwitchWiFiTests.Harness
    static let ms = SwitchWiFiTests.ms

    @Test("a device away from 0.3 s to 0.7 s hears and says nothing then, everything around it; counted and published")
    func awayDeviceIsSilentInItsWindow() throws {
        let leave = Fixture.Leave(startS: [0.3, 0.3], awayS: [0.4, 0.4])
        let harness = try Harness(
            [
                SwitchPortConfig(name: "scanner", link: nil, arp: nil),
                SwitchPortConfig(name: "leaver", link: nil, arp: nil, leave: leave),
            ],
            seed: 47
        )
        defer { harness.stop() }
        #expect(harness.network.pathEvents().isEmpty, "a leave is published only once it has begun")
        var sentAt: [UInt32: (first: Int64, last: Int64)] = [:]
        for seq in UInt32(0)..<100 {
            SwitchWiFiTests.sleepUntil(harness.origin + Int64(seq) * 10 * Self.ms)
            let first = MonotonicClock.signedNow()
            harness.send(seq, from: 0, source: 1, destination: 2)
            harness.send(1_000 + seq, from: 1, source: 2, destination: 1)
            sentAt[seq] = (first, MonotonicClock.signedNow())
        }
        usleep(50_000)
        let heard = Set(harness.drain(1)), said = Set(harness.drain(0))
        let start = harness.origin + 300 * Self.ms, end = harness.origin + 700 * Self.ms
        var checked = 0, awayChecked = 0
        for (seq, time) in sentAt {
            let margin = 15 * Self.ms + harness.originError
            let around = [time.first - margin, time.last + margin].map { start <= $0 && $0 < end }
            guard around[0] == around[1] else { continue }
            checked += 1
            if around[0] { awayChecked += 1 }
            #expect(
                heard.contains(seq) == !around[0],
                "frame \(seq) to it, \((time.first - harness.origin) / Self.ms) ms"
            )
            #expect(said.contains(1_000 + seq) == !around[0], "frame \(seq) from it")
        }
        #expect(checked > 70 && awayChecked >= 20, "checked \(checked), \(awayChecked) well inside the window")
        #expect(harness.network.counters()[1].awayDropped >= 2 * awayChecked)
        #expect(harness.network.counters()[0].awayDropped == 0)
        let events = harness.network.pathEvents()
        #expect(events.count == 1 && events.first?.kind == "leave" && events.first?.port == "leaver")
        #expect(
            abs((events.first?.startSeconds ?? 0) - 0.3) < 1e-6 && abs((events.first?.endSeconds ?? 0) - 0.7) < 1e-6
        )
    }

    @Test("a drawn window comes from the seed: the same seed the same window, inside the fixture's intervals")
    func drawnWindowFollowsTheSeed() {
        let leave = Fixture.Leave(startS: [10, 40], awayS: [5, 30])
        let windows = (0..<200).map { AwayWindow(leave, origin: 0, seed: UInt64($0)) }
        #expect(windows.allSatisfy { (10_000 * Self.ms...40_000 * Self.ms).contains($0.start) })
        #expect(windows.allSatisfy { (5_000 * Self.ms...30_000 * Self.ms).contains($0.end - $0.start) })
        #expect(AwayWindow(leave, origin: 0, seed: 7) == AwayWindow(leave, origin: 0, seed: 7))
        #expect(Set(windows.map(\.start)).count > 150, "the draws do not vary with the seed")
    }

    @Test(
        "an mDNS storm of 200/s for 0.3 s floods ~60 announcements, each the device's own, then stops; counted and published"
    )
    func stormFloodsItsAnnouncements() throws {
        var device = Fixture.Device(
            name: "mac",
            ip: IPv4Address("198.18.0.20")!,
            mac: MACAddress("02:00:00:00:00:14")!,
            category: .computer
        )
        device.hostname = "studio-mac"
        let storm = Fixture.MDNSStorm(perSecond: 200, startS: [0.1, 0.1], durationS: [0.3, 0.3])
        let frame = StormSchedule.frame(for: device)
        let harness = try Harness(
            [
                SwitchPortConfig(name: "scanner", link: nil, arp: nil),
                SwitchPortConfig(name: "mac", link: nil, arp: nil, mdnsStorm: (storm, frame)),
            ],
            seed: 47
        )
        defer { harness.stop() }
        let frames = harness.receive(0, until: harness.origin + 700 * Self.ms)
        let sent = harness.network.counters()[1].stormSent
        print("storm: \(frames.count) frames at the scanner, \(sent) sent (200/s for 0.3 s)")
        #expect((55...61).contains(sent), "sent \(sent)")
        #expect(frames.count == sent, "every announcement reached the scanner's port")
        let times = frames.map { Double($0.at - harness.origin) / 1e6 }
        #expect(
            times.allSatisfy { $0 >= 95 && $0 < 450 },
            "outside 0.1-0.4 s: \(times.filter { $0 < 95 || $0 >= 450 })"
        )
        // What the scanner got is a well-formed mDNS answer naming the host.
        let message = try DNSMessage(bytes: Array(frame[42...]))
        #expect(message.answers.contains { $0.name.description.hasPrefix("studio-mac.local") })
        let events = harness.network.pathEvents()
        #expect(events.map(\.kind) == ["mdns_storm"] && events.first?.port == "mac")
    }

    @Test("switch.json of a LAN without faults has no away_dropped key (the file is as before)")
    func countersWithoutFaultsEncodeAsBefore() throws {
        let data = try JSONEncoder().encode(SwitchPortCounters(name: "scanner"))
        #expect(!String(decoding: data, as: UTF8.self).contains("away_dropped"))
        var away = SwitchPortCounters(name: "leaver")
        away.awayDropped = 3
        let again = try JSONDecoder().decode(SwitchPortCounters.self, from: JSONEncoder().encode(away))
        #expect(again == away)
    }
}
