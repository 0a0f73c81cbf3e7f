import AppContract
import Foundation
import Glibc
import Platform
import Testing
import Wire
@testable import ScanKit
import AppInputs

/// The NWConnection state mapping, against real loopback sockets.
@Suite("Connection model")
struct ConnectionStateTests {
    @Test("errno mapping: handshake ready, refused and unreachable wait, others fail")
    func mapping() {
        #expect(ConnectionState.afterConnect(errno: 0) == .ready)
        #expect(ConnectionState.afterConnect(errno: ECONNREFUSED) == .waiting(.connectionRefused))
        #expect(ConnectionState.afterConnect(errno: EHOSTUNREACH) == .waiting(.hostUnreachable))
        #expect(ConnectionState.afterConnect(errno: ENETUNREACH) == .waiting(.networkUnreachable))
        #expect(ConnectionState.afterConnect(errno: ETIMEDOUT) == .failed(ConnectionError(code: ETIMEDOUT)))
        #expect(ConnectionState.afterConnect(errno: ECONNREFUSED).error?.name == "ECONNREFUSED")
    }

    @Test("errno mapping under bsd_socket: handshake ready, every error failed at once, never waiting")
    func bsdMapping() {
        #expect(ConnectionState.afterConnect(errno: 0, api: .bsdSocket) == .ready)
        #expect(ConnectionState.afterConnect(errno: ECONNREFUSED, api: .bsdSocket) == .failed(.connectionRefused))
        #expect(ConnectionState.afterConnect(errno: EHOSTUNREACH, api: .bsdSocket) == .failed(.hostUnreachable))
        #expect(ConnectionState.afterConnect(errno: ENETUNREACH, api: .bsdSocket) == .failed(.networkUnreachable))
        // What a probe makes of them: a refusal is an answer whatever the policy; others are not.
        for policy in Strategy.WaitingPolicy.allCases {
            let refused = ConnectionState.afterConnect(errno: ECONNREFUSED, api: .bsdSocket)
            #expect(WaitingDecision.decide(refused, elapsedMs: 2, policy: policy) == .finish(.refused(ms: 2)))
            let unreachable = ConnectionState.afterConnect(errno: EHOSTUNREACH, api: .bsdSocket)
            #expect(
                WaitingDecision.decide(unreachable, elapsedMs: 2, policy: policy)
                    == .finish(.failed(error: "EHOSTUNREACH"))
            )
        }
    }

    @Test("a closed loopback port through a BSD socket: failed(ECONNREFUSED), logged, refused at once")
    func bsdRefusalFails() async throws {
        let port = try LoopbackListener.closedPort()
        let log = EventLog()
        let connection = ScanConnection(
            to: IPv4Address(127, 0, 0, 1),
            port: port,
            phase: "test",
            events: log,
            api: .bsdSocket
        )
        let seen = Box<ConnectionState?>(nil)
        let done = Gate()
        connection.start { state, _ in
            if state != .preparing { seen.set(state); done.open() }
        }
        await done.wait()
        #expect(seen.value == .failed(.connectionRefused))
        connection.cancel()
        #expect(connection.currentState == .failed(.connectionRefused), "a failed connection stays failed")
        let logged = log.records().compactMap { record -> String? in
            guard case .connectionState(let change) = record.event else { return nil }
            return change.error.map { "\(change.state.rawValue)(\($0))" } ?? change.state.rawValue
        }
        #expect(logged == ["setup", "preparing", "failed(ECONNREFUSED)"])
        // The probe: under the `timer` policy that leaves NWConnection's refusal to a 400 ms timer,
        // the BSD socket's refusal is an answer in a few milliseconds.
        var probe = PortProbe(
            ip: IPv4Address(127, 0, 0, 1),
            port: port,
            timeoutMs: 400,
            waitingPolicy: .timer,
            phase: "t"
        )
        probe.connectionAPI = .bsdSocket
        let outcome = await probe.run()
        guard case .refused(let ms) = outcome, ms < 200 else {
            Issue.record("a BSD socket's refusal should be refused at once, got \(outcome)")
            return
        }
    }

    @Test("a loopback listener: setup → preparing → ready, then cancelled; all logged")
    func readyOnLoopback() async throws {
        let listener = try LoopbackListener()
        let log = EventLog()
        let states = Box<[String]>([])
        let connection = ScanConnection(to: IPv4Address(127, 0, 0, 1), port: listener.port, phase: "test", events: log)
        let done = Gate()
        connection.start { state, _ in
            states.update { $0.append(state.name) }
            if state == .ready || state.isTerminal { done.open() }
        }
        await done.wait()
        connection.cancel()
        #expect(states.value == ["preparing", "ready", "cancelled"])
        let logged = log.records().compactMap { record -> String? in
            if case .connectionState(let change) = record.event { return change.state.rawValue }
            return nil
        }
        #expect(logged == ["setup", "preparing", "ready", "cancelled"])
        #expect(
            log.records().contains {
                if case .connectionCreated(let c) = $0.event { c.port == listener.port } else { false }
            }
        )
    }

    @Test("a closed loopback port: waiting(ECONNREFUSED), not failed")
    func refusedWaits() async throws {
        let port = try LoopbackListener.closedPort()
        let connection = ScanConnection(to: IPv4Address(127, 0, 0, 1), port: port, phase: "test", events: nil)
        let seen = Box<ConnectionState?>(nil)
        let done = Gate()
        connection.start { state, _ in
            if state != .preparing { seen.set(state); done.open() }
        }
        await done.wait()
        #expect(seen.value == .waiting(.connectionRefused))
        #expect(connection.currentState == .waiting(.connectionRefused))
        connection.cancel()
        #expect(connection.currentState == .cancelled)
    }

    @Test("probe outcomes under each waiting policy on a closed port")
    func probePolicies() async throws {
        let port = try LoopbackListener.closedPort()
        let loopback = IPv4Address(127, 0, 0, 1)
        let fail = await PortProbe(ip: loopback, port: port, timeoutMs: 300, waitingPolicy: .fail, phase: "t").run()
        let timer = await PortProbe(ip: loopback, port: port, timeoutMs: 150, waitingPolicy: .timer, phase: "t").run()
        let inspect = await PortProbe(
            ip: loopback,
            port: port,
            timeoutMs: 300,
            waitingPolicy: .inspectError,
            phase: "t"
        ).run()
        #expect(fail == .failed(error: "ECONNREFUSED"))
        #expect(timer == .timeout)
        guard case .refused = inspect else {
            Issue.record("inspect_error should count ECONNREFUSED as refused, got \(inspect)")
            return
        }
        let listener = try LoopbackListener()
        let open = await PortProbe(
            ip: loopback,
            port: listener.port,
            timeoutMs: 1000,
            waitingPolicy: .timer,
            phase: "t"
        ).run()
        guard case .reachable = open else {
            Issue.record("expected reachable, got \(open)")
            return
        }
    }

    @Test("a refused connect whose SO_ERROR someone else read first is not taken for a handshake")
    func lostErrorIsNotReady() async throws {
        // The gen-home-60 phantom (stop 24): a connect to an address nobody holds read SO_ERROR 0 and
        // went `ready`. SO_ERROR is cleared by its first reader, so a second read cannot tell a
        // failed connect from a completed one; only the peer can.
        let port = try LoopbackListener.closedPort()
        let refused = try #require(try? SocketSystem.openSocket(type: SocketSystem.streamType))
        defer { SocketSystem.close(refused) }
        #expect(SocketSystem.connect(refused, to: IPv4Address(127, 0, 0, 1), port: port) == SocketSystem.inProgress)
        #expect(!Socket(adopting: refused).wait(for: .writable, milliseconds: 1000).isEmpty)
        #expect(Socket(adopting: refused).pendingError == .connectionRefused)  // someone else reads it first
        #expect(Socket(adopting: refused).pendingError.rawValue == 0)
        #expect(SocketSystem.connectResult(refused) == Errno.notConnected.rawValue)
        #expect(ConnectionState.afterConnect(errno: SocketSystem.connectResult(refused)) != .ready)

        let listener = try LoopbackListener()
        let open = try #require(try? SocketSystem.openSocket(type: SocketSystem.streamType))
        defer { SocketSystem.close(open) }
        _ = SocketSystem.connect(open, to: IPv4Address(127, 0, 0, 1), port: listener.port)
        #expect(!Socket(adopting: open).wait(for: .writable, milliseconds: 1000).isEmpty)
        #expect(SocketSystem.connectResult(open) == 0)
    }

    @Test("a cancelled probe task ends as cancelled at once, long before its timer")
    func cancelledProbe() async throws {
        // A loopback listener whose accept queue is full: the kernel drops further SYNs, so the
        // probe's connect stays pending (no answer, no error) and only its 10 s timer or the
        // cancellation can end it. Nothing leaves the machine.
        let listener = try LoopbackListener(backlog: 0)
        var fillers: [Int32] = []
        defer { fillers.forEach { SocketSystem.close($0) } }
        for _ in 0..<3 {
            let filler = try #require(try? SocketSystem.openSocket(type: SocketSystem.streamType))
            fillers.append(filler)
            _ = SocketSystem.connect(filler, to: IPv4Address(127, 0, 0, 1), port: listener.port)
        }
        try await Task.sleep(for: .milliseconds(100))
        let port = listener.port
        let clock = ContinuousClock()
        let started = clock.now
        let task = Task {
            await PortProbe(
                ip: IPv4Address(127, 0, 0, 1),
                port: port,
                timeoutMs: 10_000,
                waitingPolicy: .timer,
                phase: "t"
            ).run()
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let outcome = await task.value
        let elapsed = clock.now - started
        #expect(outcome == .cancelled, "the connect was still pending when cancelled: \(outcome)")
        #expect(elapsed < .seconds(2), "cancelled at 0.2 s, ended at \(elapsed)")
    }
}

/// A TCP listener on 127.0.0.1 with an ephemeral port, for connection tests.
final class LoopbackListener: Sendable {
    let fd: Int32
    let port: Int

    /// Listens with `backlog` (16 unless told): with 0, one unaccepted connection fills the
    /// accept queue and the kernel drops every later SYN unanswered.
    init(backlog: Int32 = 16) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, backlog) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }

    /// A loopback port nobody listens on (bound then closed).
    static func closedPort() throws -> Int {
        let listener = try LoopbackListener()
        return listener.port
    }
}
