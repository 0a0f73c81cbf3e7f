import Fixture
import Foundation
import Glibc
import Platform
import Synchronization
import Testing
import TestbedPlatform
import Wire
@testable import Testbed

/// The switch's Wi-Fi behaviours end to end on its own thread, without root: each port is one
/// end of an AF_UNIX datagram socket pair (a datagram per frame, as a TAP gives), the test holds
/// the other end. Timing margins allow for a loaded machine.
@Suite("Switch Wi-Fi behaviours over socket pairs", .serialized)
struct SwitchWiFiTests {
    static let ms: Int64 = 1_000_000

    /// A running switch whose ports are socket pairs; `ends[i]` is the test's end of port i.
    final class Harness: Sendable {
        let network: UserspaceSwitch
        let ends: [Int32]
        /// The switch's origin (the start of its seeded timelines), as the midpoint of a clock
        /// read before and after building it; wrong by at most `originError`.
        let origin: Int64
        let originError: Int64
        let finished = Atomic<Bool>(false)

        init(_ configs: [SwitchPortConfig], seed: UInt64) throws {
            var ends: [Int32] = []
            var ports: [(SwitchPortConfig, Int32)] = []
            for config in configs {
                var pair: [Int32] = [0, 0]
                #expect(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &pair) == 0)
                _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
                _ = fcntl(pair[1], F_SETFL, fcntl(pair[1], F_GETFL) | O_NONBLOCK)
                ports.append((config, pair[0]))
                ends.append(pair[1])
            }
            // The switch reads its origin inside its initialiser. At load 30 on 2 cores the roam
            // test's copy of the timeline once disagreed with the switch's at the gap edges (80
            // mismatches: runs of 3-4 frames, 15-20 ms, just past the 10 ms guard), as when the
            // build is preempted and the midpoint is off by that much. A build that took more than
            // a millisecond is thrown away (it has not run, and closes nothing) and redone.
            var built: (network: UserspaceSwitch, before: Int64, after: Int64)?
            for _ in 0..<20 where built.map({ $0.after - $0.before > 1_000_000 }) ?? true {
                let before = MonotonicClock.signedNow()
                let network = try UserspaceSwitch(ports: ports, seed: seed)
                built = (network, before, MonotonicClock.signedNow())
            }
            let (network, before, after) = built!
            self.network = network
            origin = (before + after) / 2
            originError = (after - before + 1) / 2
            self.ends = ends
            Thread { [self] in
                network.run()
                finished.store(true, ordering: .releasing)
            }.start()
        }

        func stop() {
            network.stop()
            while !finished.load(ordering: .acquiring) { usleep(1_000) }
            network.closePorts()
            for end in ends { close(end) }
        }

        /// Sends a frame into port `port` from MAC `source` to `destination`, carrying `seq`.
        func send(_ seq: UInt32, from port: Int, source: UInt8, destination: UInt8) {
            var frame = [UInt8](repeating: 0, count: 60)
            frame[0] = 0x02; frame[5] = destination
            frame[6] = 0x02; frame[11] = source
            frame[12] = 0x88; frame[13] = 0xB5
            withUnsafeBytes(of: seq.bigEndian) { frame.replaceSubrange(14..<18, with: $0) }
            _ = frame.withUnsafeBytes { Glibc.send(ends[port], $0.baseAddress, $0.count, 0) }
        }

        /// Every frame waiting at port `port`'s end: its seq.
        func drain(_ port: Int) -> [UInt32] {
            var seqs: [UInt32] = []
            var buffer = [UInt8](repeating: 0, count: 2_048)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(ends[port], $0.baseAddress, $0.count, 0) }
                guard count >= 18 else { return seqs }
                seqs.append(
                    UInt32(buffer[14]) << 24 | UInt32(buffer[15]) << 16 | UInt32(buffer[16]) << 8 | UInt32(buffer[17])
                )
            }
        }

        /// Waits for frames at port `port` until `deadline`, noting when each arrived.
        func receive(_ port: Int, until deadline: Int64) -> [(seq: UInt32, at: Int64)] {
            var received: [(UInt32, Int64)] = []
            while MonotonicClock.signedNow() < deadline {
                var descriptor = pollfd(fd: ends[port], events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 5)
                let now = MonotonicClock.signedNow()
                received += drain(port).map { ($0, now) }
            }
            return received
        }
    }

    static func sleepUntil(_ time: Int64) {
        let left = time - MonotonicClock.signedNow()
        if left > 0 { usleep(UInt32(left / 1_000)) }
    }

    @Test("unicast to a dozing station arrives on its wake grid (every 3 × 102.4 ms), every frame of it")
    func dozingStationGetsUnicastAtItsWakeUps() throws {
        let harness = try Harness(
            [
                SwitchPortConfig(name: "scanner", link: nil, arp: nil),
                SwitchPortConfig(
                    name: "dozer",
                    link: nil,
                    arp: nil,
                    powerSave: Fixture.PowerSave(listenInterval: 3, awakeMs: 0)
                ),
            ],
            seed: 21
        )
        defer { harness.stop() }
        let period = 3 * 102_400_000 as Int64
        let reader = Mutex<[(seq: UInt32, at: Int64)]>([])
        let end = harness.origin + 2_500 * Self.ms
        let thread = Thread {
            // The arrival times are the reader's, so it runs at the switch's SCHED_FIFO priority:
            // at normal priority, on a machine at load 30 on 2 cores, it noted frames up to 88 ms
            // after the switch released them on the grid, and "waits" of 352 ms for a 307 ms
            // listen period (4 failures in 10 runs). Refused (no root), it reads as before.
            RealtimePriority.setFIFOForCurrentThread(priority: 10)
            let got = harness.receive(1, until: end)
            reader.withLock { $0 = got }
        }
        thread.start()
        var sent: [UInt32: Int64] = [:]
        for seq in UInt32(0)..<12 {
            Self.sleepUntil(harness.origin + 100 * Self.ms + Int64(seq) * 173 * Self.ms)
            sent[seq] = MonotonicClock.signedNow()
            harness.send(seq, from: 0, source: 1, destination: 2)
        }
        while !thread.isFinished { usleep(5_000) }
        let received = reader.withLock { $0 }
        #expect(received.map(\.seq).sorted() == Array(0..<12), "every frame delivered, none dropped")
        let phases = received.map { ($0.at - harness.origin) % period }
        let waits = received.map { $0.at - sent[$0.seq]! }
        #expect(
            waits.allSatisfy { $0 < period + 20 * Self.ms },
            "no frame waits more than a listen period: \(waits.map { $0 / Self.ms })"
        )
        #expect(waits.contains { $0 > 100 * Self.ms })
        // Every arrival on one phase of the grid (the station's seeded offset), within 5 ms.
        let offsets = (0..<3).map { Int64($0) * 102_400_000 }
        let matching = offsets.map { offset in
            phases.filter { abs(($0 - offset + period / 2) % period - period / 2) < 5 * Self.ms }.count
        }
        #expect(
            matching.max()! >= 11,
            "arrival phases \(phases.map { $0 / 100_000 }) (0.1 ms) against offsets 0, 102.4, 204.8 ms"
        )
        #expect(harness.network.counters()[1].powerSaveBuffered >= 11)
    }

    @Test("a deep sleeper hears nothing while asleep and everything while awake")
    func deepSleeperIsSilentWhileAsleep() throws {
        let cycle = Fixture.DeepSleep(sleepS: 0.3, awakeS: 0.3, phaseS: 0)
        let harness = try Harness(
            [
                SwitchPortConfig(name: "scanner", link: nil, arp: nil),
                SwitchPortConfig(name: "sleeper", link: nil, arp: nil, deepSleep: cycle),
            ],
            seed: 22
        )
        defer { harness.stop() }
        let model = SleepCycle(cycle, origin: harness.origin, seed: 0)
        // Each pair of sends is bracketed by clock reads: a loaded machine can hold the thread up
        // between them, and the 10 ms spacing then bunches, so what was sent while asleep is
        // counted from these times, not assumed from the schedule.
        var sentAt: [UInt32: (first: Int64, last: Int64)] = [:]
        for seq in UInt32(0)..<120 {
            Self.sleepUntil(harness.origin + Int64(seq) * 10 * Self.ms)
            let first = MonotonicClock.signedNow()
            harness.send(seq, from: 0, source: 1, destination: 2)
            harness.send(1_000 + seq, from: 1, source: 2, destination: 1)  // and the sleeper sends too
            sentAt[seq] = (first, MonotonicClock.signedNow())
        }
        usleep(50_000)
        let heard = Set(harness.drain(1)), said = Set(harness.drain(0))
        // Away from the edges of a sleep (±15 ms: the switch decides when the frame arrives).
        var checked = 0, asleepChecked = 0
        for (seq, time) in sentAt {
            let asleepAround = [time.first - 15 * Self.ms, time.first, time.last, time.last + 15 * Self.ms].map(
                model.isAsleep
            )
            guard Set(asleepAround).count == 1 else { continue }
            checked += 1
            if asleepAround[0] { asleepChecked += 1 }
            #expect(
                heard.contains(seq) == !asleepAround[0],
                "frame \(seq) sent \((time.first - harness.origin) / Self.ms) ms after start"
            )
            #expect(said.contains(1_000 + seq) == !asleepAround[0])
        }
        #expect(checked > 80)
        // Both frames of every pair sent well inside a sleep were dropped, and counted: a counter
        // that misses drops fails here (about 50 such pairs on a quiet machine).
        #expect(asleepChecked >= 10, "only \(asleepChecked) pairs were sent well inside a sleep")
        #expect(harness.network.counters()[1].asleepDropped >= 2 * asleepChecked)
    }

    @Test("the scanner's roams drop exactly the frames their seeded timeline says, both ways")
    func roamGapsFollowTheSeededTimeline() throws {
        let wifi = Fixture.ScannerWiFi(roam: Fixture.PathGap(perHour: 18_000, gapMs: [40, 80]))
        let seed: UInt64 = 23
        let harness = try Harness(
            [
                SwitchPortConfig(name: "scanner", link: nil, arp: nil, wifi: wifi),
                SwitchPortConfig(name: "device", link: nil, arp: nil),
            ],
            seed: seed
        )
        defer { harness.stop() }
        // The switch keys the scanner's (port 0) timeline like this; the test draws the same one.
        var timeline = PathEventTimeline(wifi, origin: harness.origin, seed: FrameIdentity.mix([seed, 0, 0x5045]))
        // When each frame was handed to the kernel: between a clock read before and after its
        // `send`. A single read before both sends (as this test had) was no bound on a loaded
        // machine, where the thread can be preempted between the read and the send.
        var sent: [UInt32: (from: Int64, to: Int64)] = [:]
        for seq in UInt32(0)..<300 {
            Self.sleepUntil(harness.origin + Int64(seq) * 5 * Self.ms)
            let before = MonotonicClock.signedNow()
            harness.send(seq, from: 0, source: 1, destination: 2)
            let between = MonotonicClock.signedNow()
            harness.send(1_000 + seq, from: 1, source: 2, destination: 1)
            sent[seq] = (before, between)
            sent[1_000 + seq] = (between, MonotonicClock.signedNow())
        }
        usleep(50_000)
        let delivered = Set(harness.drain(1)), back = Set(harness.drain(0))
        _ = timeline.state(at: harness.origin + 2_000 * Self.ms)
        let gaps = timeline.drawn
        // The switch decides a frame's fate when it reads it: after the send, and (running at
        // SCHED_FIFO) within 10 ms of it; the test's origin may be off by `originError`. A frame
        // is checked only when the timeline is the same all through that window.
        let margin = 10 * Self.ms + harness.originError
        var checked = [0, 0], inGaps = [0, 0]
        for seq in sent.keys.sorted() {
            let (from, to) = sent[seq]!
            let (start, end) = (from - margin, to + margin)
            let inGap = gaps.contains { $0.start <= start && end < $0.end }
            guard inGap || !gaps.contains(where: { $0.start <= end && start < $0.end }) else { continue }
            let scanner = seq < 1_000
            checked[scanner ? 0 : 1] += 1
            if inGap { inGaps[scanner ? 0 : 1] += 1 }
            let arrived = scanner ? delivered.contains(seq) : back.contains(seq)
            #expect(
                arrived == !inGap,
                "\(scanner ? "scanner" : "device") frame \(seq % 1_000) sent \((from - harness.origin) / Self.ms)–\((to - harness.origin) / Self.ms) ms"
            )
        }
        // 5 roams a second of 40-80 ms: about a third of the time in a gap.
        #expect(
            checked.allSatisfy { $0 > 150 } && inGaps.allSatisfy { $0 > 20 },
            "checked \(checked), in gaps \(inGaps) (scanner, device)"
        )
        #expect(harness.network.counters()[0].pathDropped >= inGaps[0] + inGaps[1])
    }
}
