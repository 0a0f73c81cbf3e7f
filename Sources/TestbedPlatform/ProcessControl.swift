import CTestbedShims
import Platform
import Glibc

/// This process, and others by pid: the process-level calls the testbed, the harness and the CLI
/// make (who we are, whether a controller still runs, ending a process, `testbed exec`'s exec),
/// so that libc stays in the platform modules.
public enum ProcessControl {
    /// This process's id.
    public static var currentID: Int32 { getpid() }

    /// True when running as root (the testbed needs CAP_NET_ADMIN and CAP_SYS_ADMIN).
    public static var isSuperuser: Bool { geteuid() == 0 }

    /// True when `pid` exists and we may signal it (signal 0 delivers nothing).
    public static func isAlive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

    /// Blocks the calling thread until process `pid` has exited (at once when it is gone): what a
    /// testbed controller waits on to take its LAN down when the run that owns it dies, even by
    /// SIGKILL. A pidfd, so a pid reused after the exit is not mistaken for the owner; a kernel
    /// without one (before 5.3) is asked every 500 ms with signal 0 instead.
    public static func waitForExit(of pid: Int32) {
        if scanbench_wait_for_process_exit(pid) == 0 { return }
        while isAlive(pid) { usleep(500_000) }
    }

    /// Sends `signal` to `pid`; false when it is gone or not ours.
    @discardableResult
    public static func send(_ signal: Int32, to pid: Int32) -> Bool { kill(pid, signal) == 0 }

    /// Ends this process with `status` after flushing stdio (atexit handlers run).
    public static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

    /// Flushes every stdio output stream (before blocking, so a reader sees what was printed).
    public static func flushOutput() { fflush(nil) }

    /// Writes `text` to standard error in one `write(2)`, unbuffered, so lines of processes
    /// sharing the stream (device agents) do not interleave.
    public static func writeStandardError(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }

    /// Replaces this process with `path`, run with `arguments` (argv[0] included). Returns only
    /// when the exec failed, with why.
    public static func replace(with path: String, arguments: [String]) -> SystemError {
        var cArguments = arguments.map { strdup($0) } + [nil]
        execv(path, &cArguments)
        let failure = SystemError("execv(\(path))")
        for argument in cArguments { free(argument) }
        return failure
    }
}
