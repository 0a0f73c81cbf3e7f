import Platform
import CTestbedShims
import Glibc

/// Writes the input a parser was reading when the process died of a trap or a fault, so a fuzz
/// crash leaves a file that reproduces it.
///
/// A Swift trap (force unwrap of nil, index out of range, overflow) cannot be caught: the process
/// dies of SIGILL or SIGTRAP. Arming installs a C handler (on an alternate stack, so a stack
/// overflow is recorded too) that writes the current input to the file and re-raises the
/// signal, so the exit status still says what killed it. Between inputs the cost is two stores.
///
/// ```swift
/// let recorder = try CrashRecorder(path: "/tmp/dns.crash")
/// recorder.parsing(bytes) { DNSMessage(bytes: $0) }
/// ```
public final class CrashRecorder {
    /// Where a crashing input is written.
    public let path: String
    private let fd: Int32

    /// Creates (truncates) `path` and arms the handler for this process; the alternate stack is
    /// the calling thread's, so call `parsing` on the thread that armed it.
    ///
    /// - Throws: `SystemError` when the file cannot be created or the handler installed.
    public init(path: String) throws(SystemError) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError("open(\(path))") }
        guard scanbench_crash_recorder_arm(fd) == 0 else {
            let saved = errno
            close(fd)
            throw SystemError("sigaction", errno: Errno(rawValue: saved))
        }
    }

    /// Runs `body` with `bytes` marked as the current input; a crash inside writes them to `path`.
    public func parsing<T>(_ bytes: [UInt8], _ body: ([UInt8]) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            scanbench_crash_input(buffer.baseAddress, UInt64(buffer.count))
            defer { scanbench_crash_input(nil, 0) }
            return try body(bytes)
        }
    }

    /// Closes the file; a run without a crash leaves it empty, and the caller removes it.
    deinit { close(fd) }
}
