import AppContract
import AppInputs
import Synchronization

/// NWConnection's states, as this port reports them for POSIX sockets.
///
/// Under `connection_api: bsd_socket` the same names describe a BSD socket's connect: `ready`
/// or `failed(errno)`, never `waiting` (`afterConnect(errno:api:)`). Otherwise Linux outcomes map
/// the way Network.framework reports them: a completed handshake is
/// `ready`; a refusal (RST, `ECONNREFUSED`) or an unreachable host or network is `waiting` with
/// that error — NWConnection waits for a better path rather than failing — and any other error
/// is `failed`. A platform profile with `refused_connect: 1` reports a refusal as
/// `failed(ECONNREFUSED)` instead (how NWConnection reports it has no Apple statement:
/// docs/PLATFORMS.md). Nothing here times out: the caller's timer decides when to give up.
public enum ConnectionState: Sendable, Equatable, CustomStringConvertible {
    case setup
    case preparing
    /// The attempt ended with `error` but the connection stays alive, as NWConnection does.
    case waiting(ConnectionError)
    case ready
    case failed(ConnectionError)
    case cancelled

    /// The event log's name of the state (`setup`, `preparing`, …).
    public var eventName: ConnectionStateName {
        switch self {
        case .setup: .setup
        case .preparing: .preparing
        case .waiting: .waiting
        case .ready: .ready
        case .failed: .failed
        case .cancelled: .cancelled
        }
    }

    /// `eventName` as text.
    public var name: String { eventName.rawValue }

    /// The error carried by `waiting` or `failed`.
    public var error: ConnectionError? {
        switch self {
        case .waiting(let error), .failed(let error): error
        default: nil
        }
    }

    /// True once no further state can follow (`failed`, `cancelled`).
    public var isTerminal: Bool {
        switch self {
        case .failed, .cancelled: true
        default: false
        }
    }

    public var description: String { error.map { "\(name)(\($0.name))" } ?? name }

    /// How `api` reports a finished connect attempt whose `SO_ERROR` is `code`.
    ///
    /// NWConnection: a refusal or an unreachable host or network is `waiting`, any other error
    /// `failed`, and a refusal is `failed` instead where the platform profile says
    /// `refused_connect: failed`. A BSD socket has no `waiting`: the errno is the result (POSIX
    /// connect()), so every error, `ECONNREFUSED` included, is `failed` at once.
    /// - Parameters:
    ///   - code: 0 for a completed handshake, else the errno.
    ///   - api: the connection API the app uses.
    ///   - refused: how NWConnection reports a refusal, the platform profile's `refused_connect`
    ///     (default: the one installed for the process, `waiting` unless a profile says `failed`).
    public static func afterConnect(
        errno code: Int32,
        api: Strategy.ConnectionAPI = .nwConnection,
        refused: PlatformProfile.RefusedConnect = ConnectionState.refusedConnect
    ) -> ConnectionState {
        if code == 0 { return .ready }
        let error = ConnectionError(code: code)
        guard api.hasWaiting else { return .failed(error) }
        if error.isRefusal && refused == .failed { return .failed(error) }
        return error.isWaitingError ? .waiting(error) : .failed(error)
    }

    private static let refusalFails = Atomic<Bool>(false)

    /// How this process reports a refused connect (`waiting` until a profile installs `failed`).
    public static var refusedConnect: PlatformProfile.RefusedConnect {
        refusalFails.load(ordering: .acquiring) ? .failed : .waiting
    }

    /// Puts the profile's refused-connect report in force for the rest of the process.
    public static func install(refusedConnect: PlatformProfile.RefusedConnect) {
        refusalFails.store(refusedConnect == .failed, ordering: .releasing)
    }
}
