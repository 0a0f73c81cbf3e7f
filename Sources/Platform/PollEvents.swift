#if canImport(Glibc)
import Glibc
#endif

/// The `poll(2)` events a caller waits for and the kernel reports.
public struct PollEvents: OptionSet, Sendable, Hashable {
    public var rawValue: Int16
    public init(rawValue: Int16) { self.rawValue = rawValue }

    /// Data (or a connection, or end of stream) to read: `POLLIN`.
    public static let readable = PollEvents(rawValue: Int16(POLLIN))
    /// Room to write, or a non-blocking connect finished: `POLLOUT`.
    public static let writable = PollEvents(rawValue: Int16(POLLOUT))
    /// An error is pending (reported whether asked for or not): `POLLERR`.
    public static let error = PollEvents(rawValue: Int16(POLLERR))
    /// The peer hung up (reported whether asked for or not): `POLLHUP`.
    public static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
}
