import AppContract
import Foundation
import Testing
import Wire
@testable import ScanKit

/// A phase whose socket cannot open or bind says so in the event log (`send_failed` per intended
/// packet, with the errno), instead of sending nothing and leaving a miss unexplained (issue 33).
/// Binding to an interface that does not exist is the failure here: real, and no packet leaves.
@Suite("Socket failures are events")
struct SocketFailureTests {
    static let missing = "sb-nosuch0"

    static func failures(_ log: EventLog) -> [ScanEvent.SendFailed] {
        log.records().compactMap { if case .sendFailed(let failure) = $0.event { failure } else { nil } }
    }

    @Test("ARP: every poke is a send_failed when the socket cannot be bound")
    func arp() async throws {
        let strategy = try Knob.strategy(["arp.settle_ms": "0"], phases: [.arp])
        let log = EventLog()
        let hosts = [Loopback.ip(2), Loopback.ip(3)]
        let phase = ARPPhase(settings: strategy.arp, neighbours: { _ in [] })
        let context = ScanContext(
            network: Loopback.network,
            hosts: hosts,
            localIP: Loopback.scanner,
            interface: Self.missing,
            events: log
        )
        await Knob.run(phase, context)
        let failed = Self.failures(log)
        #expect(failed.map(\.ip) == hosts)
        #expect(failed.allSatisfy { $0.kind == .udpPoke && $0.error == "ENODEV" })
    }

    @Test("ICMP latency: every echo is a send_failed when the socket cannot be bound")
    func icmp() {
        let log = EventLog()
        let replies = ICMPLatencyPhase.sweep(
            [Loopback.ip(2)],
            windowMs: 10,
            interface: Self.missing,
            events: log,
            phase: "icmp_latency"
        )
        #expect(replies.isEmpty)
        let failed = Self.failures(log)
        #expect(failed.map(\.kind) == [.icmpEcho])
        // ENODEV from the bind, or EACCES from socket() where ping_group_range leaves us out.
        #expect(["ENODEV", "EACCES"].contains(failed.first?.error ?? ""))
    }

    @Test("gateway PTR: the query is a send_failed when the socket cannot be bound")
    func gatewayPTR() {
        let log = EventLog()
        let query = GatewayPTRQuery(ip: Loopback.ip(2), server: Loopback.ip(3), timeoutMs: 10, interface: Self.missing)
        #expect(query.run(events: log, phase: "reverse_dns") == nil)
        let failed = Self.failures(log)
        #expect(failed.map(\.kind) == [.dnsPTR])
        #expect(failed.first?.ip == Loopback.ip(3))
        #expect(failed.first?.error == "ENODEV")
    }
}
