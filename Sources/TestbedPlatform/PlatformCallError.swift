import Glibc

/// A system call of the testbed's platform code failed: which call, and the errno it left.
///
/// Callers turn it into their own error (a `TestbedError` with a fix, a `CaptureError`), so it
/// carries the raw errno rather than a message.
public struct PlatformCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was attempted, e.g. `setns(/run/netns/sb-x-scanner)`.
    public var call: String
    public var errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
}
