#if canImport(Glibc)
import Glibc
#endif
import CPlatform

/// The calling thread's scheduling.
public enum CurrentThread {
    /// Sets the calling thread's nice value (Linux schedules threads one by one, so this does not
    /// touch the rest of the process). Lowering it needs root or CAP_SYS_NICE.
    /// - Returns: the errno when the kernel refused, nil on success.
    @discardableResult
    public static func setNice(_ nice: Int32) -> Errno? {
        let result = scanbench_set_thread_nice(nice)
        return result == 0 ? nil : Errno(rawValue: -result)
    }

    /// Blocks the calling thread for `milliseconds` (blocking code on threads of its own: the
    /// tools' ping interval, the monitor's period, a connect sweep with nothing in flight).
    /// Never call it from the cooperative pool.
    public static func sleep(milliseconds: Int) {
        guard milliseconds > 0 else { return }
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        _ = nanosleep(&request, nil)
    }
}
