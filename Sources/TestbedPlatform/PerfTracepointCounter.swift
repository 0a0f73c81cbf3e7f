import CTestbedShims
import Glibc

/// perf_event_open(2) for counting one kernel tracepoint in a process.
public enum PerfTracepointCounter {
    /// Opens a counter of tracepoint `id` (from tracefs) on process `pid` and `cpu` (-1: any):
    /// disabled until the process's next execve, inherited by every thread and child it creates,
    /// close-on-exec. Read 8 bytes from the descriptor for the count.
    /// - Throws: `PlatformCallError` (EACCES/EPERM under a strict perf_event_paranoid).
    public static func open(tracepoint id: UInt64, pid: Int32, cpu: Int32) throws(PlatformCallError) -> Int32 {
        let fd = scanbench_perf_tracepoint_counter(id, pid, cpu)
        guard fd >= 0 else { throw PlatformCallError("perf_event_open(tracepoint \(id), cpu \(cpu))", errno: errno) }
        return fd
    }
}
