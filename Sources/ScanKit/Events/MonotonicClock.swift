#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads `CLOCK_MONOTONIC` in nanoseconds: the one time base of the event log, device
/// first-seen stamps and budget wait accounting, comparable with other processes on the host
/// (the capture uses the same clock).
public enum MonotonicClock {
    /// Nanoseconds since an unspecified boot-time origin; never goes backwards.
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
