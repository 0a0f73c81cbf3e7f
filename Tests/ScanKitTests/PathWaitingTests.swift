import Foundation
import Platform
import Synchronization
import Testing
import Wire
@testable import ScanKit
import AppInputs

/// The iPhone profile's `.waiting` model (`PathMonitor`, `ScanConnection`): connections follow
/// their path as NWConnection's do — waiting(ENETDOWN) while it is unsatisfied, retried when it is
/// satisfied again — against real loopback sockets, with the path driven by hand (a fake
/// interface list; the installed monitor reads the real one at each rtnetlink announcement).
@Suite("Path waiting")
struct PathWaitingTests {
    /// A loopback "interface" whose carrier the test switches.
    final class FakeLink: Sendable {
        private let running = Mutex(true)
        func set(running value: Bool) { running.withLock { $0 = value } }
        var entries: [NetworkInterfaces.Entry] {
            [
                NetworkInterfaces.Entry(
                    name: "lo",
                    isUp: true,
                    isRunning: running.withLock { $0 },
                    ipv4: (Loopback.scanner, 8)
                )
            ]
        }
    }

    static func monitor(_ link: FakeLink, retryDelayNs: UInt64 = 0) -> PathMonitor {
        PathMonitor(model: PathModel(observesPath: true, retryDelayNs: retryDelayNs), read: { link.entries })
    }

    /// Starts `connection`, recording every state its handler hears.
    static func record(_ connection: ScanConnection) -> Box<[String]> {
        let states = Box<[String]>([])
        connection.start { state, _ in states.update { $0.append(state.description) } }
        return states
    }

    @Test(
        "a connect in flight when the path goes: waiting(ENETDOWN), its socket closed; the path back: preparing, a fresh connect, ready"
    )
    func inFlightLossThenRetry() async throws {
        let listener = try PeerListener(ip: Loopback.scanner, silent: true)
        let link = FakeLink()
        let monitor = Self.monitor(link)
        let connection = ScanConnection(
            to: Loopback.scanner,
            port: listener.port,
            phase: "test",
            events: nil,
            pathMonitor: monitor
        )
        let states = Self.record(connection)
        // The SYN is dropped (the listener's queue is full): the connect stays in preparing.
        try await Task.sleep(for: .milliseconds(100))
        #expect(states.value == ["preparing"])
        link.set(running: false)
        monitor.update()
        #expect(states.value == ["preparing", "waiting(ENETDOWN)"])
        listener.release()
        link.set(running: true)
        monitor.update()
        #expect(await eventually(within: 3) { states.value.last == "ready" }, "\(states.value)")
        #expect(states.value == ["preparing", "waiting(ENETDOWN)", "preparing", "ready"])
        connection.cancel()
    }

    @Test("started while the path is unsatisfied: waiting(ENETDOWN) at once, nothing sent; ready once it is back")
    func startedDuringLoss() async throws {
        let listener = try PeerListener(ip: Loopback.scanner)
        let link = FakeLink()
        link.set(running: false)
        let monitor = Self.monitor(link)
        let connection = ScanConnection(
            to: Loopback.scanner,
            port: listener.port,
            phase: "test",
            events: nil,
            pathMonitor: monitor
        )
        let states = Self.record(connection)
        #expect(states.value == ["preparing", "waiting(ENETDOWN)"])
        link.set(running: true)
        monitor.update()
        #expect(await eventually(within: 3) { states.value.last == "ready" }, "\(states.value)")
        connection.cancel()
    }

    @Test("a refusal waits; a path change retries it (refused again); without a monitor nothing leaves waiting")
    func refusalRetriedOnlyOnPathChange() async throws {
        let port = try Loopback.closedPort()
        let link = FakeLink()
        let monitor = Self.monitor(link)
        let followed = ScanConnection(
            to: Loopback.scanner,
            port: port,
            phase: "test",
            events: nil,
            pathMonitor: monitor
        )
        let states = Self.record(followed)
        #expect(await eventually(within: 3) { states.value.count == 2 })
        #expect(states.value == ["preparing", "waiting(ECONNREFUSED)"])
        monitor.update()  // no change: no retry
        link.set(running: false)
        monitor.update()  // lost while waiting: keeps waiting
        #expect(states.value == ["preparing", "waiting(ECONNREFUSED)"])
        link.set(running: true)
        monitor.update()
        #expect(await eventually(within: 3) { states.value.count == 4 })
        #expect(states.value == ["preparing", "waiting(ECONNREFUSED)", "preparing", "waiting(ECONNREFUSED)"])
        followed.cancel()

        let unfollowed = ScanConnection(to: Loopback.scanner, port: port, phase: "test", events: nil, pathMonitor: nil)
        let alone = Self.record(unfollowed)
        #expect(await eventually(within: 3) { alone.value.count == 2 })
        try await Task.sleep(for: .milliseconds(100))
        #expect(alone.value == ["preparing", "waiting(ECONNREFUSED)"])
        unfollowed.cancel()
    }

    @Test("the retry waits the model's delay, and a path lost again before it is not retried")
    func retryDelay() async throws {
        let port = try Loopback.closedPort()
        let link = FakeLink()
        let monitor = Self.monitor(link, retryDelayNs: 300_000_000)
        let connection = ScanConnection(
            to: Loopback.scanner,
            port: port,
            phase: "test",
            events: nil,
            pathMonitor: monitor
        )
        let states = Self.record(connection)
        #expect(await eventually(within: 3) { states.value.count == 2 })
        link.set(running: false); monitor.update()
        link.set(running: true); monitor.update()
        link.set(running: false); monitor.update()
        try await Task.sleep(for: .milliseconds(500))
        #expect(states.value.count == 2, "\(states.value)")
        link.set(running: true); monitor.update()
        try await Task.sleep(for: .milliseconds(100))
        #expect(states.value.count == 2, "retried before its delay: \(states.value)")
        #expect(await eventually(within: 3) { states.value.count == 4 }, "\(states.value)")
        connection.cancel()
    }

    @Test("the policies on waiting(ENETDOWN) then ready: fail ends the probe, timer and inspect_error keep it to ready")
    func policiesOnPathLoss() {
        let down = ConnectionState.waiting(ConnectionError(code: Errno.networkDown.rawValue))
        #expect(WaitingDecision.decide(down, elapsedMs: 10, policy: .fail) == .finish(.failed(error: "ENETDOWN")))
        #expect(WaitingDecision.decide(down, elapsedMs: 10, policy: .timer) == .keepWaiting)
        #expect(WaitingDecision.decide(down, elapsedMs: 10, policy: .inspectError) == .keepWaiting)
        for policy in [Strategy.WaitingPolicy.timer, .inspectError] {
            #expect(WaitingDecision.decide(.preparing, elapsedMs: 2500, policy: policy) == .keepWaiting)
            #expect(WaitingDecision.decide(.ready, elapsedMs: 3000, policy: policy) == .finish(.reachable(ms: 3000)))
        }
    }

    @Test("a path is the bound interface, else the interface whose subnet holds the remote; others are not followed")
    func pathOfARemote() {
        let entries = [
            NetworkInterfaces.Entry(name: "eth0", isUp: true, isRunning: false, ipv4: (IPv4Address(198, 18, 0, 6), 24)),
            NetworkInterfaces.Entry(name: "lo", isUp: true, isRunning: true, ipv4: (Loopback.scanner, 8)),
        ]
        #expect(PathMonitor.interface(holding: IPv4Address(198, 18, 0, 99), in: entries) == "eth0")
        #expect(PathMonitor.interface(holding: IPv4Address(8, 8, 8, 8), in: entries) == nil)
        #expect(PathMonitor.decide(interface: "eth0", entries: entries)?.name == "ENETDOWN")
        #expect(PathMonitor.decide(interface: "lo", entries: entries) == nil)
    }
}
