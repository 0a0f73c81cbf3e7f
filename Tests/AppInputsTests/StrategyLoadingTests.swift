import Foundation
import StrictYAML
import Testing
@testable import AppInputs

@Suite("Strategy loading")
struct StrategyLoadingTests {
    static let presetDirectory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("fixtures/strategies").path
    }()

    static let presetNames = [
        "review-baseline", "review-phase1", "review-phase2", "review-phase3",
        "netmonitor-1.0", "netmonitor-2.0", "scanbench-best",
        "homenet", "netdiag-plus",
    ]

    static func preset(_ name: String) throws -> Strategy {
        try StrategyLoader.load("\(presetDirectory)/\(name).yaml")
    }

    static func loadError(_ text: String) -> YAMLInputError? {
        do {
            _ = try StrategyLoader.load(text: text, file: "s.yaml")
            return nil
        } catch {
            return error as? YAMLInputError
        }
    }

    @Test(arguments: presetNames)
    func everyPresetLoads(name: String) throws {
        let strategy = try Self.preset(name)
        #expect(strategy.name == name)
        #expect(strategy.pipeline.steps != nil, "presets spell out their pipeline")
        #expect(!strategy.resolvedSteps.isEmpty)
    }

    @Test func presetDirectoryHoldsExactlyTheDocumentedPresets() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.presetDirectory).filter {
            $0.hasSuffix(".yaml")
        }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(Self.presetNames))
    }

    @Test func netmonitor20IsTheDefault() throws {
        var preset = try Self.preset("netmonitor-2.0")
        let defaults = Strategy()
        #expect(preset.resolvedSteps == defaults.resolvedSteps)
        preset.description = nil
        preset.pipeline.steps = nil
        #expect(preset == defaults)
    }

    @Test func minimalFileGetsEveryDefault() throws {
        let strategy = try StrategyLoader.load(text: "name: tiny\n", file: "tiny.yaml")
        var expected = Strategy()
        expected.name = "tiny"
        #expect(strategy == expected)
        #expect(
            strategy.resolvedSteps.map(\.phases) == [
                [.arp, .bonjour], [.tcpProbe, .ssdp], [.icmpLatency], [.reverseDNS],
            ]
        )
    }

    @Test func presetsEncodeTheirHistory() throws {
        let baseline = try Self.preset("review-baseline")
        let phase1 = try Self.preset("review-phase1")
        let phase2 = try Self.preset("review-phase2")
        let phase3 = try Self.preset("review-phase3")
        let nm1 = try Self.preset("netmonitor-1.0")
        let nm2 = try Self.preset("netmonitor-2.0")
        let best = try Self.preset("scanbench-best")

        #expect(baseline.tcp.waitingPolicy == .fail && phase1.tcp.waitingPolicy == .timer)
        #expect(baseline.tcp.secondaryPolicy == .always && phase1.tcp.secondaryPolicy == .skipWhenAllPrimaryTimedOut)
        #expect(
            baseline.budget.limit == .none && phase2.budget.limit == .limited(30) && nm2.budget.limit == .limited(60)
        )
        #expect(
            phase2.budget.style == .shippedConditionalWake && nm1.budget.style == .shipped
                && best.budget.style == .structured
        )
        #expect(baseline.tcp.hostConcurrency == 24 && phase2.tcp.hostConcurrency == 12 && nm2.tcp.hostConcurrency == 40)
        #expect(baseline.tcp.timeouts == Strategy.Timeouts(mode: .fixed, primaryMs: 700, secondaryMs: 1200))
        #expect(!baseline.arp.enabled && !baseline.icmp.enabled && !baseline.enrichment.enabled)
        #expect(baseline.bonjour.tiers.count == 1 && baseline.bonjour.tiers[0].count == 18)
        #expect(phase3.bonjour.tiers.map(\.count) == [6, 12] && phase3.bonjour.tierDelayMs == 5000)
        #expect(phase3.ssdp.windowMs == 5000 && phase3.ssdp.placement == .withBonjour)
        #expect(phase2.publishing.isolation == .ownActor && baseline.publishing.policy == .perHost)
        #expect(phase3.publishing.policy == .everyPercent)
        #expect(
            nm1.ptr.concurrency == 20 && nm1.ptr.timeoutMs == 1000 && nm2.ptr.concurrency == 8
                && nm2.ptr.timeoutMs == 3000
        )
        var nm1AsNm2 = nm1
        nm1AsNm2.name = nm2.name
        nm1AsNm2.description = nm2.description
        nm1AsNm2.ptr = nm2.ptr
        #expect(nm1AsNm2 == nm2, "1.0 and 2.0 differ only in PTR")
        #expect(best.tcp.primaryPorts.count < nm2.tcp.primaryPorts.count && !best.enrichment.enabled)
        #expect(best.bonjour.resolveMethod == .mdns && best.bonjour.window.minMs >= 10_000)
        #expect(best.ssdp.windowMs >= (best.ssdp.mx + 1) * 1000)
        #expect(best.ssdp.placement == .withBonjour && best.ssdp.addressFrom == .sender)
    }

    @Test func unknownKeyNamesTheLineAndSuggestsTheSpelling() throws {
        let text = """
            name: typo
            tcp:
              host_concurrency: 12
              primary_prots: [80]
            """
        let error = try #require(Self.loadError(text))
        #expect(error.file == "s.yaml")
        #expect(error.line == 4)
        #expect(error.message.contains("primary_prots"))
        #expect(error.fix.contains("primary_ports"))
    }

    @Test func badChoiceNamesTheLineAndTheAllowedWords() throws {
        let text = """
            name: bad
            tcp:
              waiting_policy: ignore
            """
        let error = try #require(Self.loadError(text))
        #expect(error.line == 3)
        #expect(error.message.contains("'ignore'"))
        #expect(error.fix.contains("fail, timer, inspect_error"))
    }

    @Test func netdiagPlusConnectsThroughBSDSockets() throws {
        let strategy = try Self.preset("netdiag-plus")
        #expect(strategy.tcp.connectionAPI == .bsdSocket && strategy.tools.portScanner.connectionAPI == .bsdSocket)
        for name in Self.presetNames where name != "netdiag-plus" {
            let other = try Self.preset(name)
            #expect(other.tcp.connectionAPI == .nwConnection, "\(name)")
            #expect(other.tools.portScanner.connectionAPI == .nwConnection, "\(name)")
        }
    }

    @Test(arguments: [
        ("tcp:\n  connection_api: bsd_socket\n  waiting_policy: timer\n", 4, "tcp.connection_api"),
        ("tcp:\n  connection_api: bsd_socket\nenrichment:\n  waiting_policy: fail\n", 5, "tcp.connection_api"),
        (
            "tools:\n  port_scanner:\n    connection_api: bsd_socket\n    waiting_policy: inspect_error\n", 5,
            "tools.port_scanner.connection_api"
        ),
    ])
    func waitingPolicyBesideABSDSocketIsRefused(body: String, line: Int, knob: String) throws {
        let error = try #require(Self.loadError("name: bsd\n" + body))
        #expect(error.line == line)
        #expect(error.message.contains("waiting_policy") && error.message.contains("no .waiting"))
        #expect(error.fix.contains("\(knob): nw_connection"))
        // Under NWConnection the same policies load, and bsd_socket alone loads.
        #expect(
            Self.loadError("name: bsd\n" + body.replacingOccurrences(of: "bsd_socket", with: "nw_connection")) == nil
        )
        #expect(Self.loadError("name: bsd\ntcp:\n  connection_api: bsd_socket\n") == nil)
    }

    @Test func wrongTypeNamesTheLine() throws {
        let error = try #require(Self.loadError("name: t\nbudget:\n  limit: lots\n"))
        #expect(error.line == 3)
        #expect(error.fix.contains("none"))
    }

    @Test func outOfRangeValueNamesTheLineAndTheRange() throws {
        let text = """
            name: range
            ssdp:
              window_ms: 3000
              mx: 9
            """
        let error = try #require(Self.loadError(text))
        #expect(error.line == 4)
        #expect(error.message.contains("mx 9"))
        #expect(error.fix.contains("1 to 5"))
    }

    @Test func negativeFlushAndDebounceAreRefused() throws {
        let flush = try #require(
            Self.loadError("name: f\npublishing:\n  policy: percent_or_ms\n  device_flush_ms: -1\n")
        )
        #expect(flush.line == 4 && flush.fix.contains("0 to 60000"))
        let debounce = try #require(Self.loadError("name: d\nbonjour:\n  callback_debounce_ms: 90000\n"))
        #expect(debounce.line == 3 && debounce.message.contains("callback_debounce_ms 90000"))
    }

    @Test func badPortInAListPointsAtTheItem() throws {
        let error = try #require(Self.loadError("name: p\ntcp:\n  primary_ports:\n    - 80\n    - 70000\n"))
        #expect(error.line == 5)
        #expect(error.fix.contains("1 to 65535"))
    }

    @Test func invalidServiceTypeIsRefused() throws {
        let error = try #require(Self.loadError("name: b\nbonjour:\n  tiers:\n    - [_http._tcp, airplay]\n"))
        #expect(error.line == 4)
        #expect(error.message.contains("'airplay'"))
    }

    @Test func windowMinimumAboveMaximumIsRefused() throws {
        let error = try #require(Self.loadError("name: w\nbonjour:\n  window: {min_ms: 9000, max_ms: 6000}\n"))
        #expect(error.line == 3)
        #expect(error.fix.contains("at most max_ms"))
    }

    @Test func disabledPhaseListedInThePipelineIsRefused() throws {
        let text = """
            name: off
            icmp: {enabled: false}
            pipeline:
              steps:
                - {phases: [arp, bonjour], concurrent: true}
                - {phases: [tcp_probe, ssdp], concurrent: true}
                - {phases: [icmp_latency]}
                - {phases: [reverse_dns]}
            """
        let error = try #require(Self.loadError(text))
        #expect(error.line == 7)
        #expect(error.fix.contains("icmp.enabled: true"))
    }

    @Test func enabledPhaseMissingFromThePipelineIsRefused() throws {
        let text = """
            name: missing
            pipeline:
              steps:
                - {phases: [arp, bonjour], concurrent: true}
                - {phases: [tcp_probe, ssdp], concurrent: true}
                - {phases: [icmp_latency]}
            """
        let error = try #require(Self.loadError(text))
        #expect(error.message.contains("reverse_dns"))
        #expect(error.line == 4)
    }

    @Test func ssdpPlacementMustMatchTheLayout() throws {
        let text = """
            name: mismatch
            ssdp: {placement: with_bonjour}
            pipeline:
              steps:
                - {phases: [arp, bonjour], concurrent: true}
                - {phases: [tcp_probe, ssdp], concurrent: true}
                - {phases: [icmp_latency]}
                - {phases: [reverse_dns]}
            """
        let error = try #require(Self.loadError(text))
        #expect(error.line == 2)
        #expect(error.message.contains("with_bonjour"))
    }

    @Test func unknownPhaseIdIsRefusedWithTheList() throws {
        let error = try #require(Self.loadError("name: x\npipeline:\n  steps:\n    - {phases: [arp, ping]}\n"))
        #expect(error.line == 4)
        #expect(error.fix.contains("tcp_probe"))
    }

    @Test func derivedLayoutFollowsPlacementAndEnabledFlags() throws {
        let after = try StrategyLoader.load(
            text: "name: a\nssdp: {placement: after_tcp}\narp: {enabled: false}\n",
            file: "a.yaml"
        )
        #expect(after.resolvedSteps.map(\.phases) == [[.bonjour], [.tcpProbe], [.ssdp], [.icmpLatency], [.reverseDNS]])
        let withBonjour = try StrategyLoader.load(text: "name: b\nssdp: {placement: with_bonjour}\n", file: "b.yaml")
        #expect(withBonjour.resolvedSteps.first?.phases == [.arp, .bonjour, .ssdp])
    }

    @Test func noneLimitsAndNullRandomPort() throws {
        let s = try StrategyLoader.load(
            text: """
                name: n
                budget: {limit: none, thermal_script: [{at_s: 5, state: serious}, {at_s: 12.5, state: critical}]}
                pipeline: {phase_deadline_ms: none}
                enrichment: {random_port_range: null}
                """,
            file: "n.yaml"
        )
        #expect(s.budget.limit == .none)
        #expect(s.pipeline.phaseDeadlineMs == .none)
        #expect(s.enrichment.randomPortRange == nil)
        #expect(
            s.budget.thermalScript == [
                ThermalStep(atSeconds: 5, state: .serious), ThermalStep(atSeconds: 12.5, state: .critical),
            ]
        )
    }

    @Test func missingNameIsRefused() throws {
        let error = try #require(Self.loadError("tcp: {host_concurrency: 4}\n"))
        #expect(error.message.contains("name"))
    }

    @Test func unknownBuiltinNameListsTheChoices() {
        #expect(throws: YAMLInputError.self) { try StrategyLoader.load("no-such-preset") }
    }
}
