/// A system call failed: which call (and on what), and the `errno` it left. The one error type of
/// the platform layers (Platform and TestbedPlatform); layers above add their own advice
/// (``description`` stays the system's).
public struct SystemError: Error, Sendable, CustomStringConvertible {
    /// The call and its target, e.g. `bind to port 5353` or `sendto 10.0.0.1:53`.
    public var operation: String
    public var errno: Errno

    public init(_ operation: String, errno: Errno = .current) {
        self.operation = operation
        self.errno = errno
    }

    /// The raw error number.
    public var code: Int32 { errno.rawValue }

    /// The system's text for the errno, e.g. "No such file or directory".
    public var reason: String { errno.text }

    /// True when the kernel refused for lack of permission.
    public var isPermission: Bool { errno.isPermission }

    public var description: String { "\(operation) failed: \(errno.text) (errno \(errno.rawValue))" }
}
