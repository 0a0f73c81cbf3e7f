import Platform
#if canImport(Glibc)
import Glibc
#endif

/// A POSIX error a connection reported, as NWError.posix carries it.
public struct ConnectionError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The errno value.
    public var code: Int32

    public init(code: Int32) { self.code = code }

    public static let connectionRefused = ConnectionError(code: ECONNREFUSED)
    public static let hostUnreachable = ConnectionError(code: EHOSTUNREACH)
    public static let networkUnreachable = ConnectionError(code: ENETUNREACH)

    /// The POSIX name, e.g. `ECONNREFUSED` (what the event log writes).
    public var name: String { Errno(rawValue: code).name }

    /// True for a refusal: an RST came back, so the host is alive.
    public var isRefusal: Bool { code == ECONNREFUSED }

    /// Errors NWConnection answers with `.waiting` rather than `.failed`: refused, and host or
    /// network unreachable (Linux also says EHOSTDOWN when ARP got no answer on some paths).
    public var isWaitingError: Bool {
        code == ECONNREFUSED || code == EHOSTUNREACH || code == ENETUNREACH || code == EHOSTDOWN
    }

    public var description: String { "\(name) (\(Errno(rawValue: code).text))" }
}
