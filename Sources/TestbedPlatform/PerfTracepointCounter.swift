import Platform
import CTestbedShims
import Glibc

/// perf_event_open(2) for counting one kernel tracepoint in a process.
public enum PerfTracepointCounter {
    /// Opens a counter of tracepoint `id` (from tracefs) on process `pid` and `cpu` (-1: any):
    /// disabled until the process's next execve, inherited by every thread and child it creates,
    /// close-on-exec. `count(_:)` reads it; `close(_:)` releases it.
    /// - Throws: `SystemError` (EACCES/EPERM under a strict perf_event_paranoid).
    public static func open(tracepoint id: UInt64, pid: Int32, cpu: Int32) throws(SystemError) -> Int32 {
        let fd = scanbench_perf_tracepoint_counter(id, pid, cpu)
        guard fd >= 0 else { throw SystemError("perf_event_open(tracepoint \(id), cpu \(cpu))") }
        return fd
    }

    /// The count so far of a counter `open` returned (0 when it cannot be read).
    public static func count(_ fd: Int32) -> Int {
        var value: UInt64 = 0
        return Glibc.read(fd, &value, 8) == 8 ? Int(clamping: value) : 0
    }

    /// Closes a counter `open` returned.
    public static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
