import CPlatform

/// Reads `CLOCK_MONOTONIC` in nanoseconds: the one time base of the event log, device
/// first-seen stamps, budget wait accounting, the tools' deadlines and the switch's schedule,
/// comparable with other processes on the host (the capture uses the same clock).
public enum MonotonicClock {
    /// Nanoseconds since an unspecified boot-time origin; never goes backwards.
    public static func now() -> UInt64 { UInt64(scanbench_monotonic_ns()) }

    /// `now()` as a signed count, for arithmetic with deadlines that may lie in the past.
    public static func signedNow() -> Int64 { scanbench_monotonic_ns() }
}
