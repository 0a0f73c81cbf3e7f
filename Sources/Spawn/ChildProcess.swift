import CPlatform
import Foundation
import Glibc

/// A child process started with `posix_spawn`, with a clean signal mask and default signal
/// dispositions.
///
/// Foundation's `Process` is not used: children inherit the signal mask of the spawning thread
/// (Dispatch and Swift concurrency threads block most signals, so a shell's `wait` could hang),
/// and its reaper thread blocks in `wait4` on one child while others stay zombies. Here the
/// owner reaps its own children.
///
/// Nor is swift-subprocess 1.0.2: its API is async and scoped (the child
/// must end before `run` returns, so no testbed agent or background controller could outlive
/// the call), it reaps with `waitid`, which loses the wait4 CPU and context-switch figures
/// `runMonitored` reports, and it is about 30 % slower per spawn + wait of `/bin/true` (0.78
/// against 0.62 ms; 0.87 against 0.64 ms with both outputs captured:
/// `Benchmarks/SpawnComparison`). Like this type, it runs no code between fork and exec on
/// Linux, so a child that must die with its parent (the testbed agent) sets its parent-death
/// signal itself, first thing after exec.
public struct ChildProcess: Sendable {
    public let pid: pid_t
    public let arguments: [String]

    /// Where a standard stream goes.
    public enum Stream: Sendable {
        case null
        case inherit
        /// Appended to this file.
        case file(String)
        /// Captured through a pipe (only for `run`).
        case capture
    }

    /// Starts `arguments` (arguments[0] is looked up on PATH).
    /// - Parameters:
    ///   - newSession: start in a new session (detached from the terminal and our process group).
    /// - Throws: `SpawnError` when the program cannot be started.
    public static func spawn(
        _ arguments: [String],
        stdout: Stream = .null,
        stderr: Stream = .null,
        newSession: Bool = false
    ) throws(SpawnError) -> ChildProcess {
        let spawned = try start(arguments, stdin: nil, stdout: stdout, stderr: stderr, newSession: newSession)
        return spawned.process
    }

    /// Runs `arguments` to completion, feeding `input` and capturing both outputs.
    /// - Returns: exit status (128 + signal when killed), standard output and standard error.
    public static func run(
        _ arguments: [String],
        input: Data? = nil,
        timeout: Double? = nil
    ) throws(SpawnError) -> (status: Int32, stdout: String, stderr: String) {
        let result = try runMonitored(arguments, input: input, timeout: timeout)
        return (result.status, result.stdout, result.stderr)
    }

    /// What `runMonitored` observed.
    public struct Monitored: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var timedOut: Bool
        /// CPU seconds (user + system) of the child, from wait4.
        public var cpuSeconds: Double
        /// Context switches of the child (every thread it had, and children it waited for), from
        /// wait4: voluntary (it blocked) and involuntary (it was preempted).
        public var voluntaryContextSwitches = 0
        public var involuntaryContextSwitches = 0
    }

    /// Runs `arguments` to completion like `run`, calling `sampler` with the child's pid about
    /// every `sampleInterval` seconds while it runs, and reporting its resource usage.
    ///
    /// With `attach`, the child starts held: a shell (`/bin/sh`) stops itself before it execs
    /// `arguments` in the same process, `attach` gets its pid (to open per-process counters that
    /// begin at the exec, say), and only then does it go on. Its wait4 figures include that
    /// shell's start (about 0.5 ms of CPU, measured with dash, and one voluntary context switch).
    public static func runMonitored(
        _ arguments: [String],
        input: Data? = nil,
        timeout: Double? = nil,
        sampleInterval: Double = 0.05,
        sampler: ((pid_t) -> Void)? = nil,
        attach: ((pid_t) -> Void)? = nil
    ) throws(SpawnError) -> Monitored {
        let held = attach == nil ? arguments : ["/bin/sh", "-c", "kill -STOP $$ && exec \"$@\"", "sh"] + arguments
        let spawned = try start(held, stdin: input, stdout: .capture, stderr: .capture, newSession: false)
        var status: Int32 = 0
        var reaped = false
        if let attach {
            while waitpid(spawned.process.pid, &status, WUNTRACED) < 0 && errno == EINTR {}
            if status & 0xFF == 0x7F {  // WIFSTOPPED
                attach(spawned.process.pid)
                kill(spawned.process.pid, SIGCONT)
            } else {
                reaped = true  // the shell ended before it stopped (it could not start)
            }
        }
        var outputs = [Data(), Data()]
        var fds = [spawned.stdoutFD, spawned.stderrFD].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var open = 2
        var timedOut = false
        while open > 0 {
            var wait = deadline.map { Int32(max(0, $0.timeIntervalSinceNow) * 1000) } ?? -1
            if sampler != nil {
                wait = wait < 0 ? Int32(sampleInterval * 1000) : min(wait, Int32(sampleInterval * 1000))
            }
            let ready = poll(&fds, nfds_t(fds.count), wait)
            sampler?(spawned.process.pid)
            if let deadline, Date() >= deadline {
                kill(spawned.process.pid, SIGKILL)
                timedOut = true
                break
            }
            if ready == 0 { continue }
            if ready < 0 { if errno == EINTR { continue } else { break } }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    outputs[index].append(contentsOf: buffer[0..<count])
                } else {
                    close(fds[index].fd)
                    fds[index].fd = -1
                    open -= 1
                }
            }
        }
        for fd in fds where fd.fd >= 0 { close(fd.fd) }
        var usage = rusage()
        while !reaped && wait4(spawned.process.pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
                usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
            ) / 1e6
        return Monitored(
            status: exitStatus(status),
            stdout: String(decoding: outputs[0], as: UTF8.self),
            stderr: String(decoding: outputs[1], as: UTF8.self),
            timedOut: timedOut,
            cpuSeconds: cpu,
            voluntaryContextSwitches: usage.ru_nvcsw,
            involuntaryContextSwitches: usage.ru_nivcsw
        )
    }

    /// Waits for the child to end; returns its exit status (128 + signal if it was killed).
    @discardableResult
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        return Self.exitStatus(status)
    }

    /// Nil while the child runs; once it has ended, reaps it and returns its exit status (128 +
    /// signal if it was killed), or -1 when something else reaped it first.
    public func endedStatus() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 { return nil }
        if result < 0 { return errno == ECHILD && kill(pid, 0) == 0 ? nil : -1 }
        return Self.exitStatus(status)
    }

    /// True while the child runs; reaps it once it has ended.
    public var isRunning: Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 { return true }
        if result < 0 && errno == ECHILD { return kill(pid, 0) == 0 }
        return false
    }

    static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    private struct Spawned {
        var process: ChildProcess
        var stdoutFD: Int32 = -1
        var stderrFD: Int32 = -1
    }

    private static func start(
        _ arguments: [String],
        stdin: Data?,
        stdout: Stream,
        stderr: Stream,
        newSession: Bool
    ) throws(SpawnError) -> Spawned {
        let path = try ExecutableSearch.locate(arguments[0])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var toClose: [Int32] = []
        var inputPipe: [Int32] = [-1, -1]
        if stdin != nil {
            guard scanbench_pipe_cloexec(&inputPipe) == 0 else {
                throw SpawnError("pipe() failed", fix: "check the process's open-file limit")
            }
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
            toClose.append(inputPipe[0])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        var captured: [Int32] = [-1, -1]
        for (index, (stream, target)) in [(stdout, Int32(1)), (stderr, Int32(2))].enumerated() {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .inherit: break
            case .file(let file):
                posix_spawn_file_actions_addopen(&actions, target, file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .capture:
                var fds: [Int32] = [-1, -1]
                // Both ends close-on-exec: dup2 gives the child its own inheritable copy, and no
                // grandchild may keep the write end (or a reader would never see end of file).
                guard scanbench_pipe_cloexec(&fds) == 0 else {
                    throw SpawnError("pipe() failed", fix: "check the process's open-file limit")
                }
                posix_spawn_file_actions_adddup2(&actions, fds[1], target)
                toClose.append(fds[1])
                captured[index] = fds[0]
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        // POSIX_SPAWN_SETSID (glibc ≥ 2.26) is a macro Swift does not import.
        if newSession { flags |= 0x80 }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        if let current = environment["PATH"], !current.contains("/usr/sbin") {
            environment["PATH"] = current + ":/usr/sbin:/sbin"
        }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        for fd in toClose { close(fd) }
        guard result == 0 else {
            for fd in captured where fd >= 0 { close(fd) }
            if inputPipe[1] >= 0 { close(inputPipe[1]) }
            throw SpawnError(
                "cannot start \(arguments[0]): \(String(cString: strerror(result)))",
                fix: "check that it is installed"
            )
        }
        if let stdin {
            stdin.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(inputPipe[1], bytes.baseAddress! + offset, bytes.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(inputPipe[1])
        }
        return Spawned(
            process: ChildProcess(pid: pid, arguments: arguments),
            stdoutFD: captured[0],
            stderrFD: captured[1]
        )
    }
}
