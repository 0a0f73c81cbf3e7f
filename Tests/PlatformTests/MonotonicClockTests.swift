import Platform
import Testing

/// `MonotonicClock` is the one clock for durations (issue 33): the app session's schedule, the
/// thermal script, the ping tool's pacing and the harness's timings all sleep and measure on it.
@Suite("Monotonic clock")
struct MonotonicClockTests {
    @Test("sleep(until:) waits for the deadline, returns at once for a past one, and throws when cancelled")
    func sleepUntil() async throws {
        let start = MonotonicClock.now()
        try await MonotonicClock.sleep(until: start + MonotonicClock.nanoseconds(0.02))
        #expect(MonotonicClock.seconds(since: start) >= 0.02)
        let past = MonotonicClock.now()
        try await MonotonicClock.sleep(until: start)
        #expect(MonotonicClock.seconds(since: past) < 0.01)
        let sleeper = Task {
            try await MonotonicClock.sleep(until: MonotonicClock.now() + MonotonicClock.nanoseconds(30))
        }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(MonotonicClock.nanoseconds(-1) == 0 && MonotonicClock.nanoseconds(1.5) == 1_500_000_000)
    }
}
