import Fixture
import Foundation
import Testing
import Wire
@testable import Testbed

/// The switch's Wi-Fi models: a dozing station's buffered unicast, a deep sleeper's cycle, the
/// scanner's path events; seeded (a seed replays), at their configured rates, and the fixture
/// keys that configure them (refused with file, line and fix when wrong).
@Suite("Wi-Fi models: power save, deep sleep, path events")
struct WiFiModelTests {
    static let ms: Int64 = 1_000_000
    static let beacon: Int64 = 102_400_000

    @Test("a dozing station gets unicast at its next wake-up, on the beacon grid; awake, at once")
    func dozeQuantisesToTheListenPeriod() {
        var doze = DozeSchedule(Fixture.PowerSave(listenInterval: 3, awakeMs: 100), origin: 1_000 * Self.ms, seed: 5)
        #expect(doze.periodNs == 3 * Self.beacon)
        #expect((0..<3).contains(doze.offset))
        let first = 1_000 * Self.ms + doze.offset * Self.beacon
        for arrival: Int64 in stride(from: Int64(1_000) * Self.ms, to: Int64(5_000) * Self.ms, by: 37_000_000) {
            let wake: Int64 = doze.nextWake(atOrAfter: arrival)
            let wait: Int64 = wake - arrival
            #expect(wait >= 0 && wait < doze.periodNs, "waits less than one listen period")
            #expect((wake - first) % doze.periodNs == 0, "on the station's wake grid")
        }
        // A frame to the dozing station waits; the station then stays awake 100 ms.
        let arrival = first + 10 * Self.ms
        let delivered = doze.deliver(arrival: arrival)
        #expect(delivered == first + doze.periodNs)
        #expect(doze.deliver(arrival: delivered + 60 * Self.ms) == delivered + 60 * Self.ms, "awake after traffic")
        // 60 ms later it was refreshed to 160 ms after delivery; past that it dozes again.
        let late = delivered + 60 * Self.ms + 101 * Self.ms
        #expect(doze.deliver(arrival: late) == first + 2 * doze.periodNs)
        // A second frame reaching the AP before the station's wake-up waits for the same wake-up
        // (the promised wake-up is not "awake" before it happens).
        var held = DozeSchedule(Fixture.PowerSave(listenInterval: 3, awakeMs: 0), origin: 0, seed: 5)
        let wake = held.nextWake(atOrAfter: 1)
        #expect(held.deliver(arrival: 1) == wake)
        #expect(held.deliver(arrival: 2) == wake)
        #expect(held.deliver(arrival: wake + 1) == wake + held.periodNs)
        // A frame flooded to its port (for another station) is held too but does not wake it up
        // for the next one.
        var flooded = DozeSchedule(Fixture.PowerSave(listenInterval: 1, awakeMs: 100), origin: 0, seed: 5)
        #expect(flooded.deliverFlooded(arrival: 10 * Self.ms) == Self.beacon)
        #expect(flooded.deliver(arrival: Self.beacon + 20 * Self.ms) == 2 * Self.beacon)
        // Sending keeps it awake too.
        var sender = DozeSchedule(Fixture.PowerSave(), origin: 0, seed: 5)
        sender.sent(at: 10 * Self.ms)
        #expect(sender.deliver(arrival: 50 * Self.ms) == 50 * Self.ms)
        #expect(sender.deliver(arrival: 250 * Self.ms) == 307_200_000, "default: every beacon, 100 ms awake")
    }

    @Test(
        "the wake-up offset among the listen interval's beacons is seeded: same seed, same offset; offsets cover all beacons"
    )
    func dozeOffsetIsSeeded() {
        let config = Fixture.PowerSave(listenInterval: 4)
        let offsets = (UInt64(0)..<400).map {
            DozeSchedule(config, origin: 0, seed: FrameIdentity.mix([9, $0])).offset
        }
        #expect(
            offsets
                == (UInt64(0)..<400).map { DozeSchedule(config, origin: 0, seed: FrameIdentity.mix([9, $0])).offset }
        )
        for beacon in Int64(0)..<4 {
            // Binomial(400, 1/4): σ ≈ 8.7; ±4σ.
            #expect(abs(offsets.filter { $0 == beacon }.count - 100) < 35)
        }
    }

    @Test("a deep sleeper is asleep sleep_s of every cycle, from phase_s or a seeded phase")
    func deepSleepCycle() {
        let explicit = SleepCycle(Fixture.DeepSleep(sleepS: 3, awakeS: 2, phaseS: 0), origin: 0, seed: 1)
        #expect(explicit.isAsleep(at: 0))
        #expect(explicit.isAsleep(at: 2_999 * Self.ms))
        #expect(!explicit.isAsleep(at: 3_000 * Self.ms))
        #expect(!explicit.isAsleep(at: 4_999 * Self.ms))
        #expect(explicit.isAsleep(at: 5_000 * Self.ms))
        let asleep = stride(from: Int64(0), to: Int64(100_000) * Self.ms, by: 7_000_000).filter {
            explicit.isAsleep(at: $0)
        }.count
        #expect(abs(Double(asleep) / Double(100_000 / 7) - 0.6) < 0.01, "duty cycle 3 of 5 s")
        let awake = SleepCycle(Fixture.DeepSleep(sleepS: 3, awakeS: 2, phaseS: 4), origin: 0, seed: 1)
        #expect(!awake.isAsleep(at: 0) && awake.isAsleep(at: 1_000 * Self.ms))
        let drawn = (UInt64(0)..<200).map {
            SleepCycle(Fixture.DeepSleep(sleepS: 3, awakeS: 2), origin: 0, seed: $0).phaseNs
        }
        #expect(
            drawn
                == (UInt64(0)..<200).map {
                    SleepCycle(Fixture.DeepSleep(sleepS: 3, awakeS: 2), origin: 0, seed: $0).phaseNs
                }
        )
        #expect(drawn.allSatisfy { (0..<5_000 * Self.ms).contains($0) })
        // Binomial(200, 0.6) for "starts asleep": σ ≈ 6.9; ±4σ.
        #expect(abs(drawn.filter { $0 < 3_000 * Self.ms }.count - 120) < 28)
    }

    static let events = Fixture.ScannerWiFi(
        roam: .init(perHour: 360, gapMs: [50, 300]),
        associationLoss: .init(perHour: 36, gapMs: [1_000, 3_000]),
        congestion: .init(perHour: 72, durationMs: [2_000, 10_000], delayMs: 40, lossPercent: 5)
    )

    @Test("a seed replays the path events whatever instants ask about them; another seed draws others")
    func pathEventsReplay() {
        func timeline(seed: UInt64, step: Int64) -> [PathEventTimeline.Event] {
            var timeline = PathEventTimeline(Self.events, origin: 77, seed: seed)
            var time: Int64 = 77
            while time < 77 + 600_000 * Self.ms {
                _ = timeline.state(at: time)
                time += step
            }
            _ = timeline.state(at: 77 + 600_000 * Self.ms)
            return timeline.drawn
        }
        let a = timeline(seed: 11, step: 3 * Self.ms)
        #expect(a == timeline(seed: 11, step: 997 * Self.ms))
        #expect(a != timeline(seed: 12, step: 3 * Self.ms))
        #expect(a.allSatisfy { $0.end > $0.start })
        for event in a {
            let length = event.end - event.start
            switch event.kind {
            case .roam: #expect((50 * Self.ms...300 * Self.ms).contains(length))
            case .associationLoss: #expect((1_000 * Self.ms...3_000 * Self.ms).contains(length))
            case .congestion: #expect((2_000 * Self.ms...10_000 * Self.ms).contains(length))
            }
        }
    }

    @Test("path events come at their rate: 3600 roams, 360 association losses, 720 bursts an hour, over 2 hours")
    func pathEventRates() {
        let frequent = Fixture.ScannerWiFi(
            roam: .init(perHour: 3_600, gapMs: [50, 300]),
            associationLoss: .init(perHour: 360, gapMs: [1_000, 3_000]),
            congestion: .init(perHour: 720, durationMs: [2_000, 10_000])
        )
        var timeline = PathEventTimeline(frequent, origin: 0, seed: 3)
        let hours: Int64 = 2
        _ = timeline.state(at: hours * 3_600_000 * Self.ms)
        for (kind, perHour) in [(PathEventTimeline.Kind.roam, 3_600.0), (.associationLoss, 360), (.congestion, 720)] {
            let count = Double(timeline.drawn.filter { $0.kind == kind }.count)
            let expected = perHour * Double(hours)
            // Poisson: σ = √expected; ±4σ.
            #expect(abs(count - expected) < 4 * expected.squareRoot(), "\(kind): \(count) events, expected \(expected)")
        }
    }

    @Test("during a gap the path carries nothing, during a burst it is congested, otherwise it is clear")
    func pathStateFollowsTheEvents() {
        let horizon = 900_000 * Self.ms
        var timeline = PathEventTimeline(Self.events, origin: 0, seed: 4)
        _ = timeline.state(at: horizon)
        let events = timeline.drawn
        var probe = PathEventTimeline(Self.events, origin: 0, seed: 4)
        var checked = 0
        var time: Int64 = 0
        var first = 0
        while time < horizon {
            let state = probe.state(at: time)
            while first < events.count, events[first].start + 10_000 * Self.ms < time { first += 1 }
            let covering = events[first...].prefix { $0.start <= time }.filter { time < $0.end }
            #expect((state.gap != nil) == covering.contains { $0.kind != .congestion })
            #expect(state.congested == covering.contains { $0.kind == .congestion })
            if !covering.isEmpty { checked += 1 }
            time += 9 * Self.ms
        }
        #expect(checked > 300)
        var none = PathEventTimeline(Fixture.ScannerWiFi(), origin: 0, seed: 4)
        #expect(none.isEmpty && none.state(at: 10_000 * Self.ms) == .init(gap: nil, congested: false))
    }

    @Test(
        "at_s gaps start when told, the last one included; an association loss takes the carrier away, a roam does not unless link_down says so"
    )
    func forcedGapsAndCarrier() {
        let wifi = Fixture.ScannerWiFi(
            roam: Fixture.PathGap(perHour: 0, gapMs: [100, 100], atS: [1]),
            associationLoss: Fixture.PathGap(perHour: 0, gapMs: [500, 500], atS: [2, 4])
        )
        var timeline = PathEventTimeline(wifi, origin: 0, seed: 1)
        #expect(!timeline.isEmpty && timeline.canTakeLinkDown)
        func at(_ ms: Int64) -> PathEventTimeline.State { timeline.state(at: ms * Self.ms) }
        #expect(at(900) == .init(gap: nil, congested: false))
        #expect(at(1050) == .init(gap: .roam, congested: false, linkDown: false))
        #expect(at(1500) == .init(gap: nil, congested: false))
        #expect(at(2100) == .init(gap: .associationLoss, congested: false, linkDown: true))
        #expect(at(3000) == .init(gap: nil, congested: false))
        #expect(at(4400) == .init(gap: .associationLoss, congested: false, linkDown: true))
        #expect(at(4600) == .init(gap: nil, congested: false))
        #expect(timeline.drawn.map(\.kind) == [.roam, .associationLoss, .associationLoss])
        let roamsDown = Fixture.ScannerWiFi(
            roam: Fixture.PathGap(perHour: 0, gapMs: [100, 100], linkDown: true, atS: [1])
        )
        var down = PathEventTimeline(roamsDown, origin: 0, seed: 1)
        #expect(down.state(at: 1050 * Self.ms).linkDown)
        var rated = PathEventTimeline(
            Fixture.ScannerWiFi(roam: Fixture.PathGap(perHour: 10, gapMs: [50, 300])),
            origin: 0,
            seed: 1
        )
        #expect(!rated.canTakeLinkDown && !rated.state(at: 0).linkDown)
    }
}
