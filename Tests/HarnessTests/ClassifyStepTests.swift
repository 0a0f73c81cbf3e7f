import AppContract
import Foundation
import Testing
@testable import Harness
import Results
import ScanKit
import Wire

/// The classify step's command: every `classify` knob reaches the probe child (the integration
/// test shows reuse changing its connections on a testbed), and the scan's findings are read off
/// its event log.
@Suite("Classify step")
struct ClassifyStepTests {
    static func arguments(_ change: (inout Strategy.Classify) -> Void, findings: String? = "F") -> [String] {
        var classify = Strategy.Classify()
        classify.deepProbe = .own
        change(&classify)
        let step = ClassifyStep(classify: classify, harness: .harnessDefault)
        return step.arguments(executable: "scanbench", namespace: "ns", findings: step.reusesScan ? findings : nil)
    }

    @Test("each classify knob changes the probe's command", arguments: Strategy.Classify.keys)
    func knobReachesTheCommand(_ key: String) {
        let base = Self.arguments { _ in }
        let changed: [String]
        switch key {
        case "deep_probe": changed = Self.arguments { $0.deepProbe = .none }
        case "reuse_scan": changed = Self.arguments { $0.reuseScan = false }
        case "gateway_flag": changed = Self.arguments { $0.gatewayFlag = true }
        case "top_ports": changed = Self.arguments { $0.topPorts = 100 }
        case "ports": changed = Self.arguments { $0.ports = [8080] }
        case "bonjour_window_ms": changed = Self.arguments { $0.bonjourWindowMs = 0 }
        case "ssdp_window_ms": changed = Self.arguments { $0.ssdpWindowMs = 3000 }
        case "timeout_ms": changed = Self.arguments { $0.timeoutMs = 500 }
        case "host_concurrency": changed = Self.arguments { $0.hostConcurrency = 4 }
        default: Issue.record("no check for classify.\(key)"); return
        }
        #expect(changed != base, "classify.\(key) left the command unchanged: \(base)")
    }

    @Test func noDeepProbeSendsNothingAndHarnessIgnoresTheSection() {
        let none = Self.arguments { $0.deepProbe = .none }
        #expect(none.contains("--no-deep-probe") && !none.contains("--top-ports") && none.contains("--findings"))
        let harness = Self.arguments { $0.deepProbe = .harness; $0.topPorts = 7 }
        #expect(harness.contains("40") && !harness.contains("7") && !harness.contains("--findings") && !harness.contains("--no-deep-probe"))
    }

    static let summary = ScanReport.Totals(strategy: "s", interface: "eth0", network: "198.18.0.0/24", hostsPlanned: 1, durationS: 1,
                                           connectionsCreated: 2, peakConnectionsInFlight: 1, budgetWaits: 0, publishes: nil, publishing: nil,
                                           waitingByError: [:], phases: [])

    @Test func findingsAreWhatTheEventLogRecords() throws {
        let ip = try #require(IPv4Address("198.18.0.9"))
        let events: [EventRecord] = [
            EventRecord(timeNs: 1, event: .connectionCreated(.init(connection: 1, transport: .tcp, ip: ip, port: 443, phase: "tcp_probe"))),
            EventRecord(timeNs: 2, event: .connectionCreated(.init(connection: 2, transport: .tcp, ip: ip, port: 80, phase: "tcp_probe"))),
            EventRecord(timeNs: 3, event: .connectionCreated(.init(connection: 3, transport: .udp, ip: ip, port: 1900, phase: "ssdp"))),
            EventRecord(timeNs: 4, event: .serviceResolved(.init(instance: "P", serviceType: "_ipp._tcp", domain: "local", host: nil, ip: ip, port: 631, accepted: true,
                                                                 txt: ["ty=Laser 5", "rpMd=x=y", "flag", "ty=second", "=nokey"]))),
            EventRecord(timeNs: 5, event: .serviceResolved(.init(instance: "P", serviceType: "_ipp._tcp", domain: "local", host: nil, ip: ip, port: 631, accepted: true))),
            EventRecord(timeNs: 6, event: .serviceResolved(.init(instance: "X", serviceType: "_ssh._tcp", domain: "local", host: nil, ip: ip, port: 22, accepted: false))),
        ]
        let report = ScanReport(devices: [.init(ip: "198.18.0.9", mac: nil, hostname: nil, sources: ["tcp"], firstSource: "tcp", latencyMs: nil,
                                                latencySource: nil, openPorts: [80], firstSeenMs: 1)],
                                summary: ClassifyStepTests.summary)
        let findings = ScanFindings(events: events, report: report)
        #expect(findings.devices["198.18.0.9"] == ScanFindings.Device(triedPorts: [80, 443], openPorts: [80],
                                                                      services: [.init(instance: "P", type: "_ipp._tcp", port: 631,
                                                                                                      txt: ["ty": "Laser 5", "rpMd": "x=y", "flag": ""])]))
    }

    @Test("the session's tools write to the same log: a port only the port scanner or the TCP ping connected to is not one the scan tried")
    func toolConnectsAreNotTheScans() throws {
        let ip = try #require(IPv4Address("198.18.0.9"))
        let other = try #require(IPv4Address("198.18.0.10"))
        func created(_ n: UInt64, _ ip: IPv4Address, _ port: Int, _ phase: String) -> EventRecord {
            EventRecord(timeNs: n, event: .connectionCreated(.init(connection: n, transport: .tcp, ip: ip, port: port, phase: phase)))
        }
        let events = [created(1, ip, 80, "tcp_probe"), created(2, ip, 22, ScanEvent.toolPhase("ports")),
                      created(3, ip, 443, ScanEvent.toolPhase("ping")), created(4, other, 3389, ScanEvent.toolPhase("ports"))]
        let findings = ScanFindings(events: events, report: ScanReport(devices: [], summary: ClassifyStepTests.summary))
        #expect(findings.devices["198.18.0.9"]?.triedPorts == [80])
        // A device only a tool touched has no findings at all: the scan learned nothing of it.
        #expect(findings.devices["198.18.0.10"] == nil)
        // The phases the app's tools write are the ones this tells apart.
        #expect(["ping", "ports", "browse", "detail"].allSatisfy { ScanEvent.isToolPhase(ScanEvent.toolPhase($0)) })
        #expect(!ScanEvent.isToolPhase("tcp_probe") && !ScanEvent.isToolPhase("bonjour"))
    }
}
