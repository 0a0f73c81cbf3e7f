import Glibc

/// A system call of the testbed's platform code failed: which call, and the errno it left.
///
/// Callers turn it into their own error (a `TestbedError` with a fix, a `CaptureError`), so it
/// carries the raw errno rather than a message; only this module makes one.
public struct PlatformCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was attempted, e.g. `open(/run/netns/sb-x-scanner)`.
    public let call: String
    /// The errno the call left.
    public let errno: Int32

    /// "call failed: strerror(errno)".
    public var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }

    /// EBADF, for a call on a file already closed.
    public static let badDescriptor = EBADF

    /// The system's text for the errno, e.g. "No such file or directory".
    public var reason: String { String(cString: strerror(errno)) }

    init(_ call: String, errno: Int32) { (self.call, self.errno) = (call, errno) }
}
