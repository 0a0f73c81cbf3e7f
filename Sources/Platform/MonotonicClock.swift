import CPlatform

/// Reads `CLOCK_MONOTONIC` in nanoseconds: the one time base of the event log, device
/// first-seen stamps, budget wait accounting, the tools' deadlines and the switch's schedule,
/// comparable with other processes on the host (the capture uses the same clock). Every duration
/// that lands in a result, a report or a schedule is measured here (`seconds(since:)`, `sleep(until:)`);
/// `ContinuousClock` and `Date` differences are not used for them (wall time is `RealtimeClock`).
public enum MonotonicClock {
    /// Nanoseconds since an unspecified boot-time origin; never goes backwards.
    public static func now() -> UInt64 { UInt64(scanbench_monotonic_ns()) }

    /// `now()` as a signed count, for arithmetic with deadlines that may lie in the past.
    public static func signedNow() -> Int64 { scanbench_monotonic_ns() }

    /// Nanoseconds in `seconds` (negative counts as 0), for deadlines `now() + nanoseconds(…)`.
    public static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds * 1e9).rounded()) }

    /// Seconds from `start` (a `now()` reading) to now.
    public static func seconds(since start: UInt64) -> Double { Double(now() &- start) / 1e9 }

    /// Suspends the task until `now()` reaches `deadline`; at once when it has passed.
    /// - Throws: `CancellationError` when the task is cancelled while it waits.
    public static func sleep(until deadline: UInt64) async throws {
        let current = now()
        guard deadline > current else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: deadline - current)
    }
}
