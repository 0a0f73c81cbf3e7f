import Synchronization
import Testing
@testable import ScanKit
import AppInputs

@Suite("Bonjour: collection window")
struct BonjourWindowTests {
    static func adaptive(
        min: Int = 2000,
        max: Int = 6000,
        quiet: Int = 1500,
        poll: Int = 500
    ) -> BonjourCollectionWindow {
        var window = Strategy.Window()
        window.mode = .adaptive
        (window.minMs, window.maxMs, window.quietMs, window.pollMs) = (min, max, quiet, poll)
        return BonjourCollectionWindow(window)
    }

    /// Runs the loop on a fake clock; `arrivals` are the ms at which services appear.
    static func stopTime(_ window: BonjourCollectionWindow, arrivals: [Int]) async -> Int {
        let clock = Mutex<UInt64>(0)
        return await window.run(
            originNs: 0,
            now: { clock.withLock { $0 } },
            sleep: { ms in clock.withLock { $0 += UInt64(ms) * 1_000_000 } },
            count: {
                let now = clock.withLock { $0 } / 1_000_000; return arrivals.filter { $0 <= now }.count
            }
        )
    }

    @Test func adaptiveStopsAtTheMinimumWhenNothingArrives() async {
        #expect(await Self.stopTime(Self.adaptive(), arrivals: []) == 2000)
    }

    @Test func adaptiveWaitsForQuietAfterTheLastNewService() async {
        // Growth seen at the 2000 ms poll; quiet 1500 → stop at 3500.
        #expect(await Self.stopTime(Self.adaptive(), arrivals: [100, 1900]) == 3500)
        // A service arriving after a quiet minimum is too late: stop at 2000 (NetMonitor's rule).
        #expect(await Self.stopTime(Self.adaptive(), arrivals: [100, 2400]) == 2000)
    }

    @Test func adaptiveNeverPassesTheMaximum() async {
        #expect(await Self.stopTime(Self.adaptive(), arrivals: Array(stride(from: 0, to: 10_000, by: 400))) == 6000)
    }

    @Test func fixedWindowSleepsToItsEnd() async {
        var window = Strategy.Window()
        window.mode = .fixed
        window.fixedMs = 3000
        #expect(await Self.stopTime(BonjourCollectionWindow(window), arrivals: [1, 2, 2999]) == 3000)
        #expect(BonjourCollectionWindow(window).nextSleepMs(elapsedMs: 1000) == 2000)
    }

    @Test func pollDecisionsAreJudgedAtPollTimes() {
        let window = Self.adaptive()
        var state = BonjourCollectionWindow.State()
        #expect(!window.poll(&state, elapsedMs: 0, count: 0))
        #expect(!window.poll(&state, elapsedMs: 1500, count: 3))
        #expect(state.lastGrowthMs == 1500)
        #expect(!window.poll(&state, elapsedMs: 2500, count: 3), "quiet only 1000 ms")
        #expect(window.poll(&state, elapsedMs: 3000, count: 3))
        #expect(window.nextSleepMs(elapsedMs: 5800) == 200)
    }
}
