#if canImport(Glibc)
import Glibc
#endif

/// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), and work that costs exactly a
/// given amount of it.
///
/// A platform profile's costs (docs/PLATFORMS.md) are spent with `spin`: real CPU on the thread
/// that pays them, measured on that thread's own clock, so a spin that is preempted still costs
/// its full amount once it runs again (the wall time it takes grows with the machine's load; the
/// CPU it costs does not).
public enum ThreadCPUClock {
    /// Nanoseconds of CPU the calling thread has used.
    public static func now() -> UInt64 {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Busy-works on the calling thread until it has used `nanoseconds` more CPU. Returns at once for 0.
    public static func spin(nanoseconds: UInt64) {
        guard nanoseconds > 0 else { return }
        let end = now() &+ nanoseconds
        var sink: UInt64 = 0
        while now() < end {
            for i in 0..<64 { sink = sink &* 6364136223846793005 &+ UInt64(i) }
        }
        blackHole(sink)
    }

    @inline(never)
    private static func blackHole(_ value: UInt64) { _ = value }
}
