#if canImport(Glibc)
import Glibc
#endif

/// `POLLIN`, as a plain integer for code that does not import Glibc.
let POLLIN_VALUE = Int(POLLIN)
/// `POLLOUT`.
let POLLOUT_VALUE = Int(POLLOUT)
/// `POLLERR`.
let POLLERR_VALUE = Int(POLLERR)

/// Sleeps the calling thread.
func sleepMilliseconds(_ milliseconds: Int) {
    guard milliseconds > 0 else { return }
    var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    _ = nanosleep(&request, nil)
}
