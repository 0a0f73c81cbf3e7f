import Foundation
import Platform
import Spawn

/// Runs the system under test as a child and measures it from outside while it runs: /proc
/// samples (`ProcessSampler`: threads, descriptors, peak RSS), kernel event counters
/// (`ProcessEventCounters`: wakeups, syscalls), and what wait4 says when it ends (CPU time,
/// context switches, exit status). Nothing is asked of the child itself.
enum ProcessMonitor {
    /// Runs `command` to its end (or `timeout`) on a thread of its own, since it blocks.
    /// - Returns: what the child printed and how it ended, and its costs.
    /// - Throws: `SpawnError` when it cannot be started.
    static func run(
        _ command: [String],
        timeout: Double
    ) async throws -> (child: ChildProcess.Monitored, process: ProcessStats) {
        let sampler = ProcessSampler()
        let counters = ProcessEventCounters()
        let started = MonotonicClock.now()
        let child = try await OffThePool.run {
            try ChildProcess.runMonitored(
                command,
                timeout: timeout,
                sampler: { sampler.sample(pid: $0) },
                attach: { counters.attach(pid: $0) }
            )
        }
        var process = ProcessStats()
        process.wallSeconds = MonotonicClock.seconds(since: started)
        process.cpuSeconds = child.cpuSeconds
        process.peakRSSMegabytes = Double(sampler.peakRSSKilobytes) / 1024
        process.peakThreads = sampler.peakThreads
        process.peakFileDescriptors = sampler.peakFileDescriptors
        process.exitStatus = child.status
        process.voluntaryContextSwitches = child.voluntaryContextSwitches
        process.involuntaryContextSwitches = child.involuntaryContextSwitches
        let counted = counters.read()
        (process.wakeups, process.syscalls) = (counted?.wakeups, counted?.syscalls)
        return (child, process)
    }
}
