import AppContract
import Foundation
import Glibc
import Platform
import Testing
import Wire
@testable import ScanKit
import AppInputs

/// The platform's Network.framework flow limit (`max_flows`, `FlowTable`) and its refused-connect
/// report (`refused_connect`), against real loopback sockets.
@Suite("Flow limit and refused connect")
struct FlowLimitTests {
    /// Starts a connection to a listener that never completes a handshake (its queue is full), so
    /// it stays `preparing` and holds its flow; records every state it hears.
    static func start(_ port: Int, flows: FlowTable, log: EventLog? = nil) -> (ScanConnection, Box<[String]>) {
        let connection = ScanConnection(
            to: Loopback.scanner,
            port: port,
            phase: "test",
            events: log,
            pathMonitor: nil,
            flows: flows
        )
        let states = Box<[String]>([])
        connection.start { state, _ in states.update { $0.append(state.description) } }
        return (connection, states)
    }

    @Test("past the limit: waiting(ENOMEM) at once, nothing sent, and it stays there after flows free up")
    func pastTheLimitWaitsForGood() async throws {
        let listener = try PeerListener(ip: Loopback.scanner, silent: true)
        let flows = FlowTable(limit: 2)
        let log = EventLog()
        let (first, firstStates) = Self.start(listener.port, flows: flows, log: log)
        let (second, _) = Self.start(listener.port, flows: flows, log: log)
        let (third, thirdStates) = Self.start(listener.port, flows: flows, log: log)
        #expect(flows.inUse == 2 && flows.refusals == 1)
        #expect(thirdStates.value == ["preparing", "waiting(ENOMEM)"])
        #expect(firstStates.value == ["preparing"])
        // A flow given back (cancel) is not handed to the connection already waiting for one.
        first.cancel()
        #expect(flows.inUse == 1)
        try await Task.sleep(for: .milliseconds(200))
        #expect(thirdStates.value == ["preparing", "waiting(ENOMEM)"])
        // A connection started now gets the free flow.
        let (fourth, fourthStates) = Self.start(listener.port, flows: flows, log: log)
        #expect(fourthStates.value == ["preparing"] && flows.inUse == 2)
        // The waiting one holds no flow: cancelling it frees none; the others free theirs.
        third.cancel()
        #expect(flows.inUse == 2)
        second.cancel()
        fourth.cancel()
        #expect(flows.inUse == 0 && flows.peak == 2)
        // The event log says it in its usual words: connection_state waiting, error ENOMEM.
        let waits = log.records().compactMap { record -> String? in
            if case .connectionState(let change) = record.event, change.state == .waiting { return change.error }
            return nil
        }
        #expect(waits == ["ENOMEM"])
        var tally = EventTally()
        for record in log.records() { tally.add(record.event, at: record.timeNs) }
        #expect(tally.waitingByError == ["ENOMEM": 1])
    }

    @Test("a failed connect gives its flow back; a refused one holds it while waiting, until cancelled")
    func flowsEndWithTheConnection() async throws {
        let port = try Loopback.closedPort()
        let flows = FlowTable(limit: 1)
        let waiting = ScanConnection(
            to: Loopback.scanner,
            port: port,
            phase: "test",
            events: nil,
            pathMonitor: nil,
            flows: flows
        )
        let done = Gate()
        waiting.start { state, _ in if case .waiting = state { done.open() } }
        await done.wait()
        // waiting(ECONNREFUSED) is a live NWConnection: it keeps its flow.
        #expect(flows.inUse == 1)
        waiting.cancel()
        #expect(flows.inUse == 0)
        // Reported as failed (refused_connect: failed): terminal, so the flow goes back at once.
        let failing = ScanConnection(
            to: Loopback.scanner,
            port: port,
            phase: "test",
            events: nil,
            pathMonitor: nil,
            flows: flows,
            refusedConnect: .failed
        )
        let failed = Gate()
        let seen = Box<[String]>([])
        failing.start { state, _ in
            seen.update { $0.append(state.description) }
            if state.isTerminal { failed.open() }
        }
        await failed.wait()
        #expect(seen.value == ["preparing", "failed(ECONNREFUSED)"])
        #expect(flows.inUse == 0)
    }

    @Test(
        "refused_connect: waiting keeps today's waiting(ECONNREFUSED); failed reports failed(ECONNREFUSED); unreachable waits either way"
    )
    func refusedConnectReport() {
        #expect(ConnectionState.afterConnect(errno: ECONNREFUSED, refused: .waiting) == .waiting(.connectionRefused))
        #expect(ConnectionState.afterConnect(errno: ECONNREFUSED, refused: .failed) == .failed(.connectionRefused))
        #expect(ConnectionState.afterConnect(errno: EHOSTUNREACH, refused: .failed) == .waiting(.hostUnreachable))
        // A probe counts failed(ECONNREFUSED) as refused (a closed port, a live host) under every policy.
        for policy in Strategy.WaitingPolicy.allCases {
            #expect(
                WaitingDecision.decide(.failed(.connectionRefused), elapsedMs: 1, policy: policy)
                    == .finish(.refused(ms: 1))
            )
        }
    }
}
