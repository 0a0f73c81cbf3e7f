import Foundation
import Synchronization

/// Samples a running process from outside: threads and open file descriptors, from /proc.
/// (CPU time and peak RSS come from wait4 when it ends.)
final class ProcessSampler: Sendable {
    private let peaks = Mutex((threads: 0, fds: 0))

    func sample(pid: Int32) {
        let threads = Self.threads(pid: pid)
        let fds = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
        peaks.withLock { peaks in
            peaks.threads = max(peaks.threads, threads)
            peaks.fds = max(peaks.fds, fds)
        }
    }

    var peakThreads: Int { peaks.withLock { $0.threads } }
    var peakFileDescriptors: Int { peaks.withLock { $0.fds } }

    static func threads(pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
            return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }
}
