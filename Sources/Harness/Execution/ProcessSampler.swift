import Foundation
import Platform
import Synchronization

/// Samples a running process from outside, from /proc: threads, open file descriptors and its
/// peak resident set (`VmHWM`). CPU time comes from wait4 when it ends.
///
/// Peak RSS is read here rather than taken from wait4's `ru_maxrss`: Linux carries the high-water
/// mark of the memory a process had *before* execve into its `ru_maxrss`, and a spawned child
/// starts in its parent's memory, so `ru_maxrss` reports the harness's own RSS (docs/HARNESS.md).
/// `VmHWM` belongs to the process's current memory and is a high-water mark, so the last sample
/// before exit holds the peak, short of growth in the final sampling interval.
final class ProcessSampler: Sendable {
    private let peaks = Mutex((threads: 0, fds: 0, rssKilobytes: 0))

    func sample(pid: Int32) {
        let status = Self.status(pid: pid)
        let fds = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
        peaks.withLock { peaks in
            peaks.threads = max(peaks.threads, status.threads)
            peaks.fds = max(peaks.fds, fds)
            peaks.rssKilobytes = max(peaks.rssKilobytes, status.peakRSSKilobytes)
        }
    }

    var peakThreads: Int { peaks.withLock { $0.threads } }
    var peakFileDescriptors: Int { peaks.withLock { $0.fds } }
    /// The largest `VmHWM` seen, in kilobytes.
    var peakRSSKilobytes: Int { peaks.withLock { $0.rssKilobytes } }

    /// `Threads:` and `VmHWM:` (kB) from /proc/PID/status; zeros when it cannot be read.
    static func status(pid: Int32) -> (threads: Int, peakRSSKilobytes: Int) {
        guard let text = ProcFile.text("/proc/\(pid)/status") else { return (0, 0) }
        var threads = 0, rss = 0
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
            guard fields.count >= 2 else { continue }
            if fields[0] == "Threads" { threads = Int(fields[1]) ?? 0 }
            if fields[0] == "VmHWM" { rss = Int(fields[1]) ?? 0 }
        }
        return (threads, rss)
    }
}
