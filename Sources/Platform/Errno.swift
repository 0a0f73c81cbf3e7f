#if canImport(Glibc)
import Glibc
#endif

/// An `errno` value with its POSIX name and the system's text: the one place that turns error
/// numbers into words, for the stack under test (event payloads say `ECONNREFUSED`), the tools
/// and the testbed's services.
///
/// Only the names the scan's event log has always used are spelled out; any other number is
/// `E<number>`, so that a result file written before a name was added still compares equal.
public struct Errno: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now (read it straight after the failed call).
    public static var current: Errno { Errno(rawValue: Glibc.errno) }

    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let notPermitted = Errno(rawValue: EPERM)
    public static let protocolNotSupported = Errno(rawValue: EPROTONOSUPPORT)
    public static let interrupted = Errno(rawValue: EINTR)
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    public static let inProgress = Errno(rawValue: EINPROGRESS)
    public static let connectionRefused = Errno(rawValue: ECONNREFUSED)
    public static let connectionReset = Errno(rawValue: ECONNRESET)
    public static let connectionAborted = Errno(rawValue: ECONNABORTED)
    public static let hostUnreachable = Errno(rawValue: EHOSTUNREACH)
    public static let hostDown = Errno(rawValue: EHOSTDOWN)
    public static let networkUnreachable = Errno(rawValue: ENETUNREACH)
    public static let networkDown = Errno(rawValue: ENETDOWN)
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    public static let addressNotAvailable = Errno(rawValue: EADDRNOTAVAIL)
    public static let addressInUse = Errno(rawValue: EADDRINUSE)
    public static let noBufferSpace = Errno(rawValue: ENOBUFS)
    public static let protocolError = Errno(rawValue: EPROTO)
    public static let notConnected = Errno(rawValue: ENOTCONN)
    public static let outOfMemory = Errno(rawValue: ENOMEM)

    /// The POSIX name, e.g. `ECONNREFUSED`; `E<number>` for one outside the table.
    public var name: String {
        switch rawValue {
        case ECONNREFUSED: "ECONNREFUSED"
        case EHOSTUNREACH: "EHOSTUNREACH"
        case ENETUNREACH: "ENETUNREACH"
        case EHOSTDOWN: "EHOSTDOWN"
        case ETIMEDOUT: "ETIMEDOUT"
        case ECONNRESET: "ECONNRESET"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case EMFILE: "EMFILE"
        case ENFILE: "ENFILE"
        case ENOBUFS: "ENOBUFS"
        case EADDRNOTAVAIL: "EADDRNOTAVAIL"
        case ENODEV: "ENODEV"
        case ENETDOWN: "ENETDOWN"
        case EINVAL: "EINVAL"
        case EAGAIN: "EAGAIN"
        case EPROTONOSUPPORT: "EPROTONOSUPPORT"
        case ENOTCONN: "ENOTCONN"
        case ENOMEM: "ENOMEM"
        default: "E\(rawValue)"
        }
    }

    /// The system's sentence for it (`strerror`), e.g. "Connection refused".
    public var text: String { String(cString: strerror(rawValue)) }

    public var description: String { text }

    /// True when the kernel refused for lack of permission (e.g. `net.ipv4.ping_group_range`).
    public var isPermission: Bool {
        self == .permissionDenied || self == .notPermitted || self == .protocolNotSupported
    }

    /// True for "nothing to do yet, try again": `EAGAIN` (= `EWOULDBLOCK` on Linux) or `EINTR`.
    public var isTransient: Bool { self == .wouldBlock || self == .interrupted }
}
