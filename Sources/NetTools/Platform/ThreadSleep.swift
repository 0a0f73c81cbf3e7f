#if canImport(Glibc)
import Glibc
#endif

/// Sleeps the calling thread (the tools are blocking code on threads of their own: the ping
/// interval, the monitor's period, a connect sweep with nothing in flight).
func sleepMilliseconds(_ milliseconds: Int) {
    guard milliseconds > 0 else { return }
    var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    _ = nanosleep(&request, nil)
}
