import Foundation
import Platform
import Synchronization
import TestbedPlatform

/// Counts a process's system calls and the wakeups of its threads with kernel tracepoints
/// (perf_event_open, no perf tool and no sampling: the kernel only adds to counters).
///
/// Attach to a process that has not yet exec'd the program to measure (`ChildProcess.runMonitored`
/// holds it): the counters start at that exec and are inherited by every thread and child it
/// creates; when one ends, its counts are added to the process's, so threads that exit before the
/// process are not lost. Read once the process has been reaped.
///
/// - Syscalls: `raw_syscalls:sys_enter` fires in the thread making the call.
/// - Wakeups: `sched:sched_wakeup` fires in the *waker*'s context and names the woken task. A
///   per-process counter bound to one CPU also receives events whose woken task is the process's
///   (the kernel delivers a tracepoint to its target task's counters on the CPU where it fires);
///   one not bound to a CPU sees only the wakeups the process's own threads performed. So
///   wakeups of the process = Σ over CPUs of the per-CPU counters − the unbound counter
///   (docs/METRICS.md, "Process activity").
final class ProcessEventCounters: Sendable {
    struct Counts: Sendable, Equatable {
        var syscalls: Int
        var wakeups: Int
    }

    private struct Descriptors {
        var syscalls: Int32
        var wakeupsPerformed: Int32
        var wakeupsPerCPU: [Int32]
        var all: [Int32] { [syscalls, wakeupsPerformed] + wakeupsPerCPU }
    }

    private let descriptors = Mutex<Descriptors?>(nil)
    private let problem = Mutex<String?>(nil)
    private static let warned = Atomic<Bool>(false)

    /// Why the counters could not be opened, if they could not.
    var failure: String? { problem.withLock { $0 } }

    private func fail(_ reason: String) {
        problem.withLock { $0 = reason }
        if !Self.warned.exchange(true, ordering: .relaxed) {
            FileHandle.standardError.write(
                Data("scanbench: wakeups and syscalls are not measured (null in results): \(reason)\n".utf8)
            )
        }
    }

    /// Opens the counters on `pid`; on failure they read as nil and `failure` says why.
    func attach(pid: Int32) {
        guard let sysEnter = Self.tracepointID("raw_syscalls/sys_enter"),
            let wakeup = Self.tracepointID("sched/sched_wakeup")
        else {
            fail(
                "no tracefs with raw_syscalls/sys_enter and sched/sched_wakeup under \(Self.tracefsRoots.joined(separator: " or ")); "
                    + "fix: mount -t tracefs tracefs /sys/kernel/tracing (scripts/bootstrap.sh does when the kernel has tracefs)"
            )
            return
        }
        let cpus = Self.onlineCPUs()
        var opened: [Int32] = []
        func open(_ id: UInt64, cpu: Int32) -> Int32? {
            let fd: Int32
            do { fd = try PerfTracepointCounter.open(tracepoint: id, pid: pid, cpu: cpu) } catch {
                fail(error.description)
                return nil
            }
            opened.append(fd)
            return fd
        }
        guard let syscalls = open(sysEnter, cpu: -1), let performed = open(wakeup, cpu: -1) else {
            opened.forEach(PerfTracepointCounter.close)
            return
        }
        var perCPU: [Int32] = []
        for cpu in cpus {
            guard let fd = open(wakeup, cpu: cpu) else {
                opened.forEach(PerfTracepointCounter.close)
                return
            }
            perCPU.append(fd)
        }
        descriptors.withLock {
            $0 = Descriptors(syscalls: syscalls, wakeupsPerformed: performed, wakeupsPerCPU: perCPU)
        }
    }

    /// The counts (nil when the counters were never opened), closing the counters.
    func read() -> Counts? {
        guard
            let open = descriptors.withLock({ value -> Descriptors? in
                defer { value = nil }; return value
            })
        else { return nil }
        defer { open.all.forEach(PerfTracepointCounter.close) }
        let count = PerfTracepointCounter.count
        let received = open.wakeupsPerCPU.reduce(0) { $0 + count($1) }
        return Counts(syscalls: count(open.syscalls), wakeups: max(0, received - count(open.wakeupsPerformed)))
    }

    // MARK: - Kernel files

    /// Where tracefs is mounted (the first that has the event wins).
    static let tracefsRoots = ["/sys/kernel/tracing", "/sys/kernel/debug/tracing"]

    /// The id of a tracepoint ("sched/sched_wakeup") from tracefs, nil when none is readable.
    static func tracepointID(_ event: String) -> UInt64? {
        for root in tracefsRoots {
            if let text = ProcFile.text("\(root)/events/\(event)/id"), let id = parseID(text) { return id }
        }
        return nil
    }

    /// A tracefs `id` file: one decimal number and a newline.
    static func parseID(_ text: String) -> UInt64? {
        UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The online CPUs (/sys/devices/system/cpu/online); CPU 0 … n−1 when it cannot be read.
    static func onlineCPUs() -> [Int32] {
        if let text = ProcFile.text("/sys/devices/system/cpu/online"), let cpus = parseCPUList(text) {
            return cpus
        }
        return (0..<Int32(MachineInfo.onlineCPUs)).map { $0 }
    }

    /// A kernel CPU list such as "0-3,6,8-9\n"; nil when malformed.
    static func parseCPUList(_ text: String) -> [Int32]? {
        var cpus: [Int32] = []
        for part in text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",") {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { Int32($0) }
            switch bounds.count {
            case 1: guard let cpu = bounds[0] else { return nil }; cpus.append(cpu)
            case 2:
                guard let low = bounds[0], let high = bounds[1], low <= high else { return nil }
                cpus.append(contentsOf: low...high)
            default: return nil
            }
        }
        return cpus.isEmpty ? nil : cpus
    }
}
