#if canImport(Glibc)
import Glibc
#endif

/// Reads `CLOCK_REALTIME` in nanoseconds: the clock of the kernel's packet timestamps
/// (`SO_TIMESTAMPNS`) and of pcap records.
public enum RealtimeClock {
    /// Nanoseconds since the Unix epoch.
    public static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// `CLOCK_REALTIME − CLOCK_MONOTONIC` now, in nanoseconds: adds to a monotonic stamp to place
    /// it on a capture's time line.
    public static func minusMonotonic() -> Int64 {
        let mono = MonotonicClock.signedNow()
        return now() - mono
    }
}
