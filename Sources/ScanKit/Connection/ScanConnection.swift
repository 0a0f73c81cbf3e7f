import AppContract
import AppInputs
import Platform

import Synchronization
import Wire

/// An NWConnection-like connection over a non-blocking POSIX socket.
///
/// Created in `setup` (logged as `connection_created`), `start` moves it to `preparing` and
/// begins a non-blocking connect watched by the `Reactor`; the outcome arrives as `ready`,
/// `waiting(error)` or `failed(error)` (see `ConnectionState.afterConnect`). `cancel` closes the
/// socket and reports `cancelled`. Every state change is logged as `connection_state` and
/// handed to the state handler, on the reactor thread, with the monotonic time it was observed
/// (the time `epoll_wait` returned, not the time the handler got to run).
///
/// After `waiting` the socket is closed (a refused or unreachable connect cannot be resumed),
/// but the connection stays in `waiting` until cancelled, as NWConnection does. UDP
/// connections become `ready` as soon as the socket is connected (no handshake).
///
/// With a `PathMonitor` (a platform profile with `path_waiting`), the connection also follows its
/// path as NWConnection does: started while the path is unsatisfied it goes straight to
/// `waiting(ENETDOWN)` without a socket; still `preparing` when the path is lost, it closes its
/// socket and goes to `waiting(ENETDOWN)`; and `waiting` for whatever reason when the path is
/// satisfied again, it goes back to `preparing` and connects afresh (a new socket, a new SYN),
/// so its state handler sees `waiting` → `preparing` → `ready` (or another outcome).
///
/// With `api: .bsdSocket` it models a BSD socket's non-blocking `connect()` instead: the same
/// socket, reactor and event log, but a refusal or unreachable error is `failed(error)` at once
/// (`ConnectionState.afterConnect(errno:api:)`), it follows no path (a lost interface shows as the
/// connect's own error), and no platform profile's NWConnection setup cost is spent.
/// With a `FlowTable` (a platform profile with `max_flows`), a started connection holds one of the
/// process's flows until it fails or is cancelled; started while the process holds them all, it
/// goes from `preparing` to `waiting(ENOMEM)` without a socket and stays there until cancelled
/// (not retried on a path change either), as Network.framework's connections past its per-process
/// flow limit do (docs/PLATFORMS.md).
public final class ScanConnection: Sendable {
    /// The transport (`ConnectionTransport`, the event log's word for it).
    public typealias Transport = ConnectionTransport

    /// Called for every state change with the monotonic nanoseconds it was observed at.
    public typealias StateHandler = @Sendable (ConnectionState, UInt64) -> Void

    private struct State {
        var current: ConnectionState = .setup
        var fd: Int32 = -1
        var watchToken: UInt64?
        var handler: StateHandler?
        /// Numbers each connect attempt; a step of an older attempt (its socket closed by a path
        /// loss) finds it changed and does nothing.
        var attempt: UInt64 = 0
        /// Holds one of the flow table's flows (given back once, at `failed`, `cancelled` or deinit).
        var holdsFlow = false
    }

    private static let counter = Atomic<UInt64>(0)

    /// Run-unique number, as in the event log.
    public let id: UInt64
    public let ip: IPv4Address
    public let port: Int
    public let transport: Transport
    /// Interface for `SO_BINDTODEVICE`, nil for none.
    public let interface: String?
    /// `allowLocalEndpointReuse`: `SO_REUSEADDR`/`SO_REUSEPORT` on the socket before connecting.
    public let reuseLocalEndpoint: Bool
    /// The API modelled: NWConnection, or a BSD socket's connect.
    public let api: Strategy.ConnectionAPI
    private let events: (any EventSink)?
    private let reactor: Reactor
    private let pathMonitor: PathMonitor?
    private let flows: FlowTable?
    private let refusedConnect: PlatformProfile.RefusedConnect
    private let state = Mutex(State())

    /// Creates the connection object (no socket yet) and logs `connection_created`.
    /// - Parameters:
    ///   - ip: remote address.
    ///   - port: remote port.
    ///   - transport: TCP (handshake) or UDP (connected datagram socket).
    ///   - interface: bind the socket to this interface (`SO_BINDTODEVICE`), nil for none.
    ///   - phase: the phase or tool that made it, for the event log.
    ///   - events: the event log.
    ///   - reactor: the reactor that watches the socket.
    ///   - reuseLocalEndpoint: set `SO_REUSEADDR`/`SO_REUSEPORT` (NetMonitor's port scanner).
    ///   - pathMonitor: the path to follow (default: the process's, nil without `path_waiting`);
    ///     ignored under `api: .bsdSocket`.
    ///   - api: NWConnection's states, or a BSD socket's (`tcp.connection_api`).
    ///   - flows: the flow table to take a flow from (default: the process's, nil without `max_flows`);
    ///     ignored under `api: .bsdSocket`.
    ///   - refusedConnect: how NWConnection reports a refusal (default: the process's, `refused_connect`).
    public init(
        to ip: IPv4Address,
        port: Int,
        transport: Transport = .tcp,
        interface: String? = nil,
        phase: String,
        events: (any EventSink)?,
        reactor: Reactor = .shared,
        reuseLocalEndpoint: Bool = false,
        pathMonitor: PathMonitor? = PathMonitor.current,
        api: Strategy.ConnectionAPI = .nwConnection,
        flows: FlowTable? = FlowTable.current,
        refusedConnect: PlatformProfile.RefusedConnect = ConnectionState.refusedConnect
    ) {
        id = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
        self.ip = ip
        self.port = port
        self.transport = transport
        self.interface = interface
        self.reuseLocalEndpoint = reuseLocalEndpoint
        self.events = events
        self.reactor = reactor
        self.api = api
        // A BSD socket does not wait for a path: its connect fails with the kernel's error. Nor does
        // it hold one of Network.framework's flows (thread 832004 states the limit for its
        // connections); the process's descriptors bound it.
        self.pathMonitor = api.hasWaiting ? pathMonitor : nil
        self.flows = api.hasWaiting ? flows : nil
        self.refusedConnect = refusedConnect
        events?.record(
            .connectionCreated(.init(connection: id, transport: transport, ip: ip, port: port, phase: phase))
        )
        events?.record(.connectionState(.init(connection: id, state: .setup)))
    }

    /// The state now.
    public var currentState: ConnectionState { state.withLock { $0.current } }

    /// Starts connecting; `handler` hears every later state change (starting with `preparing`).
    /// Calling `start` twice, or after `cancel`, does nothing.
    public func start(_ handler: @escaping StateHandler) {
        let begun = state.withLock { state -> Bool in
            guard case .setup = state.current else { return false }
            state.handler = handler
            return true
        }
        guard begun else { return }
        // A platform profile's cost of creating and starting an NWConnection, on the caller's thread
        // (a BSD socket's own calls are the real ones made below).
        if api == .nwConnection { PlatformCosts.spend(PlatformCosts.current.connectionSetupNs) }
        // The flow is taken before `preparing` is logged and given back after `failed` or
        // `cancelled` is, so the log never shows more connections holding flows than there are.
        let gotFlow = flows.map(takeFlow(from:)) ?? true
        transition(to: .preparing, at: MonotonicClock.now())
        guard gotFlow else {
            // Past the process's flow limit: waiting(ENOMEM), nothing sent, until cancelled.
            transition(to: .waiting(.outOfMemory), at: MonotonicClock.now(), onlyFrom: .preparing)
            return
        }
        if let pathMonitor {
            let follower = PathMonitor.Follower(
                lost: { [weak self] error in self?.pathLost(error) },
                restored: { [weak self] in self?.pathRestored() }
            )
            if let error = pathMonitor.follow(id, remote: ip, interface: interface, follower) {
                // NWConnection on an unsatisfied path: waiting for a path change, nothing sent.
                transition(to: .waiting(error), at: MonotonicClock.now(), onlyFrom: .preparing)
                return
            }
        }
        attemptConnect()
    }

    /// Takes a flow for this connection; false when the table has none left. A connection cancelled
    /// meanwhile gives it back at once.
    private func takeFlow(from flows: FlowTable) -> Bool {
        guard flows.acquire() else { return false }
        let kept = state.withLock { state -> Bool in
            guard !state.current.isTerminal else { return false }
            state.holdsFlow = true
            return true
        }
        if !kept { flows.release() }
        return true
    }

    /// One connect attempt from `preparing`: a fresh socket, a non-blocking connect, the reactor's watch.
    private func attemptConnect() {
        let attempt = state.withLock { state -> UInt64? in
            guard case .preparing = state.current else { return nil }
            state.attempt &+= 1
            return state.attempt
        }
        guard let attempt else { return }
        let fd: Int32
        do {
            fd = try SocketSystem.openSocket(
                type: transport == .tcp ? SocketSystem.streamType : SocketSystem.datagramType
            )
            if let interface { try SocketSystem.bindToDevice(fd, interface: interface) }
            if reuseLocalEndpoint { try SocketSystem.enableReuse(fd) }
        } catch {
            guard state.withLock({ $0.attempt == attempt }) else { return }
            transition(to: .failed(ConnectionError(code: error.code)), at: MonotonicClock.now(), onlyFrom: .preparing)
            return
        }
        let stillPreparing = state.withLock { state -> Bool in
            guard case .preparing = state.current, state.attempt == attempt else { return false }
            state.fd = fd
            return true
        }
        guard stillPreparing else {
            SocketSystem.close(fd)
            return
        }
        let code = SocketSystem.connect(fd, to: ip, port: port)
        if code == 0 {
            finishAttempt(fd, errno: 0, at: MonotonicClock.now())
            return
        }
        guard code == SocketSystem.inProgress else {
            finishAttempt(fd, errno: code, at: MonotonicClock.now())
            return
        }
        let watched = reactor.watch(fd, events: Epoll.writableOnce) { [self] _, now in
            guard let code = connectResultIfStillConnecting(fd) else { return }
            finishAttempt(fd, errno: code, at: now)
        }
        switch watched {
        case .success(let token):
            state.withLock { state in
                if case .preparing = state.current, state.fd == fd {
                    state.watchToken = token
                    return
                }
                // The connect ended before the token was stored (the handler ran at once, or a
                // cancel came). A ready connection still owns `fd`: its spent watch goes. A closed
                // one's number may be another connection's socket now: only the handler goes.
                if state.fd == fd { reactor.unwatch(fd, token: token) } else { reactor.forget(token) }
            }
        case .failure(let error):
            finishAttempt(fd, errno: error.code, at: MonotonicClock.now())
        }
    }

    /// The path was lost: an attempt under way is abandoned (its socket closed) and the connection
    /// waits for the path with `error`. Any other state is left alone (a `ready` connection would
    /// hear of it through viability, which no probe uses; a waiting one keeps waiting).
    private func pathLost(_ error: ConnectionError) {
        let (fd, token, abandoned) = state.withLock { state -> (Int32, UInt64?, Bool) in
            guard case .preparing = state.current else { return (-1, nil, false) }
            defer { state.fd = -1; state.watchToken = nil; state.attempt &+= 1 }
            return (state.fd, state.watchToken, true)
        }
        guard abandoned else { return }
        if let token, fd >= 0 { reactor.unwatch(fd, token: token) }
        if fd >= 0 { SocketSystem.close(fd) }
        transition(to: .waiting(error), at: MonotonicClock.now(), onlyFrom: .preparing)
    }

    /// The path is satisfied again: a waiting connection goes back to `preparing` and connects afresh.
    private func pathRestored() {
        guard case .waiting(let error) = currentState else { return }
        transition(to: .preparing, at: MonotonicClock.now(), onlyFrom: .waiting(error))
        attemptConnect()
    }

    /// Closes the socket and reports `cancelled` (unless already failed or cancelled).
    public func cancel() {
        let (fd, token) = state.withLock { state -> (Int32, UInt64?) in
            guard !state.current.isTerminal else { return (-1, nil) }
            defer { state.fd = -1; state.watchToken = nil }
            return (state.fd, state.watchToken)
        }
        if let token, fd >= 0 { reactor.unwatch(fd, token: token) }
        if fd >= 0 { SocketSystem.close(fd) }
        pathMonitor?.unfollow(id)
        transition(to: .cancelled, at: MonotonicClock.now())
    }

    /// How the connect on `fd` ended (`SO_ERROR`, checked against the peer), read only while this
    /// connection still owns `fd` and is connecting; nil otherwise.
    ///
    /// A writable event can already be on its way to this handler when another thread cancels the
    /// connection, closes `fd`, and the kernel hands the number to a new connection's socket.
    /// Reading `SO_ERROR` then would clear the new socket's error. Reading under the state lock
    /// rules that out, because `cancel` and `finishAttempt` give up the descriptor under the same
    /// lock before closing it.
    private func connectResultIfStillConnecting(_ fd: Int32) -> Int32? {
        state.withLock { state -> Int32? in
            guard case .preparing = state.current, state.fd == fd else { return nil }
            return SocketSystem.connectResult(fd)
        }
    }

    /// The connect attempt on `socket` ended with `code` (0 = handshake done).
    private func finishAttempt(_ socket: Int32, errno code: Int32, at time: UInt64) {
        let next = ConnectionState.afterConnect(errno: code, api: api, refused: refusedConnect)
        // A dead socket (waiting or failed) is released now; a ready one stays open until cancel.
        let ready = next == .ready
        let (fd, token, closeIt) = state.withLock { state -> (Int32, UInt64?, Bool) in
            guard case .preparing = state.current, state.fd == socket else { return (-1, nil, false) }
            let token = state.watchToken
            let fd = state.fd
            state.watchToken = nil
            if !ready { state.fd = -1 }
            return (fd, token, !ready)
        }
        if let token, fd >= 0 { reactor.unwatch(fd, token: token) }
        if closeIt, fd >= 0 { SocketSystem.close(fd) }
        guard fd >= 0 else { return }
        if next.isTerminal { pathMonitor?.unfollow(id) }
        transition(to: next, at: time, onlyFrom: .preparing)
    }

    private func transition(to next: ConnectionState, at time: UInt64, onlyFrom required: ConnectionState? = nil) {
        let (handler, releaseFlow) = state.withLock { state -> (StateHandler??, Bool) in
            if let required, state.current != required { return (.none, false) }
            if state.current.isTerminal { return (.none, false) }
            state.current = next
            let release = next.isTerminal && state.holdsFlow
            if release { state.holdsFlow = false }
            return (.some(state.handler), release)
        }
        guard let handler else { return }
        events?.record(.connectionState(.init(connection: id, state: next.eventName, error: next.error?.name)))
        if releaseFlow { flows?.release() }
        handler?(next, time)
    }

    deinit {
        let (fd, holdsFlow) = state.withLock { ($0.fd, $0.holdsFlow) }
        if fd >= 0 { SocketSystem.close(fd) }
        if holdsFlow { flows?.release() }
    }
}
