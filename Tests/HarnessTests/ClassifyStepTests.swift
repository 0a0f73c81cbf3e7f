import AppContract
@testable import AppSession
import Foundation
import Glibc
import Testing
@testable import Harness
@testable import NetTools
import Results
import ScanKit
import Wire
import AppInputs

/// The classify step: every `classify` knob reaches the sweep the app runs (the integration
/// test shows reuse changing its connections on a testbed), the harness's probe is a blind child,
/// the scan's findings are read off its events — by the harness from its log or by the app in
/// memory — and the app's probe holds a slot of the app's budget for every connect.
@Suite("Classify step")
struct ClassifyStepTests {
    static let known = ScanFindings(devices: ["198.18.0.9": .init(triedPorts: [80], openPorts: [80])])

    /// What of the app's sweep a knob can change, comparable.
    static func sweep(_ change: (inout Strategy.Classify) -> Void) -> String {
        var classify = Strategy.Classify()
        classify.deepProbe = .own
        change(&classify)
        let sweep = ProbeSweep.classifying(classify, findings: Self.known)
        let p = sweep.prober
        return
            "\(classify.deepProbe) \(p.quickPorts) \(p.timeout) \(p.marksGateway) \(p.classifyOnly) \(sweep.bonjourWindow) "
            + "\(sweep.ssdp.map { "\($0)" } ?? "no ssdp") \(sweep.hostConcurrency) \(sweep.findings.devices.count) "
            + "\(p.upnpPaths) \(p.wifiLatencyMs.map { "\($0)" } ?? "no latency")"
    }

    @Test("each classify knob changes the app's classify step", arguments: Strategy.Classify.keys)
    func knobReachesTheStep(_ key: String) {
        let base = Self.sweep { _ in }
        let changed: String
        switch key {
        case "deep_probe": changed = Self.sweep { $0.deepProbe = .none }
        case "reuse_scan": changed = Self.sweep { $0.reuseScan = false }
        case "gateway_flag": changed = Self.sweep { $0.gatewayFlag = true }
        case "top_ports": changed = Self.sweep { $0.topPorts = 100 }
        case "ports": changed = Self.sweep { $0.ports = [9100] }  // not among the top 40
        case "bonjour_window_ms": changed = Self.sweep { $0.bonjourWindowMs = 0 }
        case "ssdp_window_ms": changed = Self.sweep { $0.ssdpWindowMs = 3000 }
        case "timeout_ms": changed = Self.sweep { $0.timeoutMs = 500 }
        case "host_concurrency": changed = Self.sweep { $0.hostConcurrency = 4 }
        case "probe": changed = Self.sweep { $0.probe = .deep }
        case "wifi_latency_ms":
            // Acts under the deep probe only.
            #expect(
                Self.sweep {
                    $0.probe = .deep; $0.wifiLatencyMs = 8
                } != Self.sweep { $0.probe = .deep }
            )
            return
        case "classifier":
            // Not the sweep's: the report's verdict on the same signals.
            var signals = DeviceSignals(ip: "198.18.0.9")
            signals.hostname = "DESKTOP-1A2B3C4"
            signals.services = [
                BonjourService(
                    instance: "x",
                    type: "_http._tcp",
                    domain: "local",
                    host: nil,
                    port: 80,
                    addresses: [signals.ip],
                    txt: [:]
                )
            ]
            let ours = ProbeReport(signals: signals), homenet = ProbeReport(signals: signals, classifier: .homenet)
            // HomeNet's tree stops at the service type no row names; ours goes on to the host name.
            #expect(ours.category == "computer" && homenet.nativeCategory == "unknown", "\(ours) \(homenet)")
            return
        default: Issue.record("no check for classify.\(key)"); return
        }
        #expect(changed != base, "classify.\(key) left the step unchanged: \(base)")
    }

    @Test("the harness's probe runs blind in the scanner namespace, on the scan's report from standard input")
    func harnessProbeArguments() {
        let arguments = ClassifyStep(harness: .harnessDefault).arguments(
            executable: "/bin/scanbench",
            namespace: "sb-x-scanner"
        )
        #expect(Array(arguments.prefix(6)) == ["ip", "netns", "exec", "sb-x-scanner", "/bin/scanbench", "probe"])
        #expect(
            arguments.contains("--classify-only") && arguments.contains("--json") && !arguments.contains("--findings")
        )
        let joined = arguments.joined(separator: " ")
        #expect(
            joined.contains("--from-scan - ") && joined.contains("--top-ports 40")
                && joined.contains("--bonjour-window 1.5")
                && joined.contains("--ssdp-window 1.5") && joined.contains("--timeout 1.0"),
            "\(joined)"
        )
    }

    @Test("the app's probe connects one at a time on a budget of one slot, each an acquire")
    func probeConnectsHoldTheAppsBudget() async throws {
        let budget = StructuredConnectionBudget(limit: 1)
        let held = BudgetSlot.holding(budget)
        let gauge = InFlightGauge()
        let listeners = try (0..<12).map { _ in try LoopbackListener() }  // connects only to our own ports
        defer { listeners.forEach { $0.close() } }
        var prober = DeviceProber(timeout: 0.5, concurrency: 8, topPorts: 0, classifyOnly: true)
        prober.extraPorts = listeners.map(\.port)
        prober.slot = ConnectionSlot {
            let release = held.take()
            gauge.enter()
            return {
                gauge.leave(); release()
            }
        }
        let loopback = try #require(IPv4Address("127.0.0.1"))
        let ports = prober.quickPorts
        let open = await withCheckedContinuation { (done: CheckedContinuation<[UInt16], Never>) in
            Thread { [prober] in done.resume(returning: prober.quickScan(loopback, ports: ports)) }.start()
        }
        #expect(open.sorted() == ports.sorted())
        #expect(gauge.counts == (peak: 1, total: 12), "connects in flight at once, and in all")
        let diagnostics = await budget.diagnostics()
        #expect(diagnostics.acquires == 12 && diagnostics.releases == 12 && diagnostics.active == 0)
    }

    @Test("the scan's metrics read the events before the app's classify step, and the step's phase_end")
    func scanPartStopsAtTheClassifyStep() {
        let phase = SessionReport.Classify.phase
        let events: [EventRecord] = [
            EventRecord(timeNs: 1, event: .budgetWait(.init(active: 1, limit: 1, queued: 1))),
            EventRecord(timeNs: 2, event: .phaseStart(.init(phase: phase, step: 0))),
            EventRecord(timeNs: 3, event: .budgetWait(.init(active: 1, limit: 1, queued: 1))),
            EventRecord(timeNs: 4, event: .phaseEnd(.init(phase: phase, step: 0, outcome: .completed, elapsedNs: 2))),
        ]
        #expect(EntryRunner.scanPart(of: events).map(\.timeNs) == [1, 4])
        #expect(EntryRunner.scanPart(of: [events[0]]).map(\.timeNs) == [1])
    }

    @Test("the app keeps in memory the findings the harness read off the log")
    func findingsLogKeepsWhatTheEventLogRecords() throws {
        let (events, report) = try Self.sessionEvents()
        let log = FindingsLog(forwardingTo: nil)
        events.forEach { log.record($0.event) }
        #expect(log.findings(report: report) == ScanFindings(events: events, report: report))
    }

    static let summary = ScanReport.Totals(
        strategy: "s",
        interface: "eth0",
        network: "198.18.0.0/24",
        hostsPlanned: 1,
        durationS: 1,
        connectionsCreated: 2,
        peakConnectionsInFlight: 1,
        budgetWaits: 0,
        publishes: nil,
        publishing: nil,
        waitingByError: [:],
        phases: []
    )

    /// A session's events of each kind the findings read (and one they do not), and its report.
    static func sessionEvents() throws -> ([EventRecord], ScanReport) {
        let ip = try #require(IPv4Address("198.18.0.9"))
        let events: [EventRecord] = [
            EventRecord(
                timeNs: 1,
                event: .connectionCreated(.init(connection: 1, transport: .tcp, ip: ip, port: 443, phase: "tcp_probe"))
            ),
            EventRecord(
                timeNs: 2,
                event: .connectionCreated(.init(connection: 2, transport: .tcp, ip: ip, port: 80, phase: "tcp_probe"))
            ),
            EventRecord(
                timeNs: 3,
                event: .connectionCreated(.init(connection: 3, transport: .udp, ip: ip, port: 1900, phase: "ssdp"))
            ),
            EventRecord(
                timeNs: 4,
                event: .serviceResolved(
                    .init(
                        instance: "P",
                        serviceType: "_ipp._tcp",
                        domain: "local",
                        host: nil,
                        ip: ip,
                        port: 631,
                        accepted: true,
                        txt: ["ty=Laser 5", "rpMd=x=y", "flag", "ty=second", "=nokey"]
                    )
                )
            ),
            EventRecord(
                timeNs: 5,
                event: .serviceResolved(
                    .init(
                        instance: "P",
                        serviceType: "_ipp._tcp",
                        domain: "local",
                        host: nil,
                        ip: ip,
                        port: 631,
                        accepted: true
                    )
                )
            ),
            EventRecord(
                timeNs: 6,
                event: .serviceResolved(
                    .init(
                        instance: "X",
                        serviceType: "_ssh._tcp",
                        domain: "local",
                        host: nil,
                        ip: ip,
                        port: 22,
                        accepted: false
                    )
                )
            ),
        ]
        let report = ScanReport(
            devices: [
                .init(
                    ip: "198.18.0.9",
                    mac: nil,
                    hostname: nil,
                    sources: ["tcp"],
                    firstSource: "tcp",
                    latencyMs: nil,
                    latencySource: nil,
                    openPorts: [80],
                    firstSeenMs: 1
                )
            ],
            summary: ClassifyStepTests.summary
        )
        return (events, report)
    }

    @Test func findingsAreWhatTheEventLogRecords() throws {
        let (events, report) = try Self.sessionEvents()
        let findings = ScanFindings(events: events, report: report)
        #expect(
            findings.devices["198.18.0.9"]
                == ScanFindings.Device(
                    triedPorts: [80, 443],
                    openPorts: [80],
                    services: [
                        .init(
                            instance: "P",
                            type: "_ipp._tcp",
                            port: 631,
                            txt: ["ty": "Laser 5", "rpMd": "x=y", "flag": ""]
                        )
                    ]
                )
        )
    }

    @Test(
        "the session's tools write to the same log: a port only the port scanner or the TCP ping connected to is not one the scan tried"
    )
    func toolConnectsAreNotTheScans() throws {
        let ip = try #require(IPv4Address("198.18.0.9"))
        let other = try #require(IPv4Address("198.18.0.10"))
        func created(_ n: UInt64, _ ip: IPv4Address, _ port: Int, _ phase: String) -> EventRecord {
            EventRecord(
                timeNs: n,
                event: .connectionCreated(.init(connection: n, transport: .tcp, ip: ip, port: port, phase: phase))
            )
        }
        let events = [
            created(1, ip, 80, "tcp_probe"), created(2, ip, 22, ScanEvent.toolPhase("ports")),
            created(3, ip, 443, ScanEvent.toolPhase("ping")), created(4, other, 3389, ScanEvent.toolPhase("ports")),
        ]
        let findings = ScanFindings(events: events, report: ScanReport(devices: [], summary: ClassifyStepTests.summary))
        #expect(findings.devices["198.18.0.9"]?.triedPorts == [80])
        // A device only a tool touched has no findings at all: the scan learned nothing of it.
        #expect(findings.devices["198.18.0.10"] == nil)
        // The phases the app's tools write are the ones this tells apart.
        #expect(["ping", "ports", "browse", "detail"].allSatisfy { ScanEvent.isToolPhase(ScanEvent.toolPhase($0)) })
        #expect(!ScanEvent.isToolPhase("tcp_probe") && !ScanEvent.isToolPhase("bonjour"))
    }
}

/// The most connects seen inside their slots at once, and how many there were.
private final class InFlightGauge: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var now = 0, peak = 0, total = 0
    func enter() { lock.lock(); now += 1; total += 1; peak = max(peak, now); lock.unlock() }
    func leave() { lock.lock(); now -= 1; lock.unlock() }
    var counts: (peak: Int, total: Int) { lock.lock(); defer { lock.unlock() }; return (peak, total) }
}

/// A TCP listener on 127.0.0.1, an ephemeral port: the kernel completes the handshakes.
private struct LoopbackListener {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw POSIXError(.EADDRINUSE) }
        (self.fd, port) = (fd, UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(fd) }
}
