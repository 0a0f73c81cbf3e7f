import Foundation
import Glibc
import Spawn
import Testing
@testable import Harness

@Suite("Process activity counters")
struct ProcessEventCountersTests {
    @Test("tracefs id files and CPU lists parse as the kernel writes them")
    func kernelFiles() {
        // /sys/kernel/tracing/events/sched/sched_wakeup/id and /sys/devices/system/cpu/online on the
        // 2-core Debian 12 machine (kernel 6.18) the harness runs on.
        #expect(ProcessEventCounters.parseID("374\n") == 374)
        #expect(ProcessEventCounters.parseID("") == nil)
        #expect(ProcessEventCounters.parseID("id: 3\n") == nil)
        #expect(ProcessEventCounters.parseCPUList("0-1\n") == [0, 1])
        #expect(ProcessEventCounters.parseCPUList("0\n") == [0])
        #expect(ProcessEventCounters.parseCPUList("0-3,6,8-9\n") == [0, 1, 2, 3, 6, 8, 9])
        #expect(ProcessEventCounters.parseCPUList("3-1\n") == nil)
        #expect(ProcessEventCounters.parseCPUList("0-\n") == nil)
        #expect(ProcessEventCounters.parseCPUList("\n") == nil)
    }

    @Test("the held child is stopped while counters attach, then runs the command as if unheld")
    func heldStart() throws {
        var state = ""
        let result = try ChildProcess.runMonitored(
            ["sh", "-c", "echo out; exit 3"],
            timeout: 10,
            attach: { pid in
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                // The state follows the command name in parentheses: T = stopped.
                state = stat.split(separator: ")").last.map { String($0.dropFirst().prefix(1)) } ?? ""
            }
        )
        #expect(state == "T")
        #expect(result.status == 3)
        #expect(result.stdout == "out\n")
        #expect(result.voluntaryContextSwitches > 0)
    }

    /// Needs perf events (root, or perf_event_paranoid ≤ -1) and tracefs.
    @Test(
        "syscalls and wakeups of every thread are counted, also of threads that ended before the process",
        .enabled(if: getuid() == 0 && ProcessEventCounters.tracepointID("sched/sched_wakeup") != nil)
    )
    func countsThreadsThatEnded() throws {
        // Four threads sleep 25 times each and end; then the main thread sleeps once more.
        let script =
            "import threading, time\n"
            + "ts = [threading.Thread(target=lambda: [time.sleep(0.002) for _ in range(25)]) for _ in range(4)]\n"
            + "[t.start() for t in ts]; [t.join() for t in ts]; time.sleep(0.05)"
        let counters = ProcessEventCounters()
        let result = try ChildProcess.runMonitored(
            ["python3", "-c", script],
            timeout: 30,
            attach: { counters.attach(pid: $0) }
        )
        #expect(result.status == 0, "\(result.stderr)")
        let counts = try #require(counters.read(), "\(counters.failure ?? "")")
        #expect(counts.wakeups >= 100, "\(counts)")
        #expect(counts.wakeups < 2_000, "\(counts)")
        #expect(counts.syscalls > 100, "\(counts)")
        // Every sleep is a voluntary switch and ends in a wakeup: the two sources agree closely.
        #expect(
            abs(counts.wakeups - result.voluntaryContextSwitches) < 50,
            "\(counts) vs \(result.voluntaryContextSwitches) voluntary switches"
        )
        #expect(counters.read() == nil, "read closes the counters")
    }
}
