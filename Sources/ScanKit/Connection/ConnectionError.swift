import Platform

/// A POSIX error a connection reported, as NWError.posix carries it.
public struct ConnectionError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The errno value.
    public var code: Int32

    public init(code: Int32) { self.code = code }

    public static let connectionRefused = ConnectionError(code: Errno.connectionRefused.rawValue)
    public static let hostUnreachable = ConnectionError(code: Errno.hostUnreachable.rawValue)
    public static let networkUnreachable = ConnectionError(code: Errno.networkUnreachable.rawValue)
    /// No flow for the connection: the process holds its platform's flow limit (`FlowTable`).
    public static let outOfMemory = ConnectionError(code: Errno.outOfMemory.rawValue)

    /// The POSIX name, e.g. `ECONNREFUSED` (what the event log writes).
    public var name: String { Errno(rawValue: code).name }

    /// True for a refusal: an RST came back, so the host is alive.
    public var isRefusal: Bool { code == Errno.connectionRefused.rawValue }

    /// Errors NWConnection answers with `.waiting` rather than `.failed`: refused, and host or
    /// network unreachable (Linux also says EHOSTDOWN when ARP got no answer on some paths).
    public var isWaitingError: Bool {
        [Errno.connectionRefused, .hostUnreachable, .networkUnreachable, .hostDown].contains(Errno(rawValue: code))
    }

    public var description: String { "\(name) (\(Errno(rawValue: code).text))" }
}
