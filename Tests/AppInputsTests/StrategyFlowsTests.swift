import Foundation
import Testing
import AppInputs

/// `Strategy.maxFlowsInFlight`: the most connection objects a strategy's knobs let it hold at
/// once, what `scanbench run` and `tune` hold against a platform's flow limit (docs/PLATFORMS.md).
@Suite("Strategy flows in flight")
struct StrategyFlowsTests {
    static func load(_ text: String) throws -> Strategy { try StrategyLoader.load(text: text, file: "s.yaml") }

    @Test(
        "netmonitor-2.0: the latency race of 40 devices × 4 sockets (one slot each) bounds it at 160, under the iPhone's 512"
    )
    func netmonitor() throws {
        let strategy = try StrategyLoadingTests.preset("netmonitor-2.0")
        // [arp, bonjour]: 8 resolves; [tcp_probe, ssdp]: min(60 slots, 40 × 3) probes, then 40 devices × (3 + 1) sockets.
        #expect(strategy.maxFlowsInFlight == 160)
    }

    @Test("254 hosts × 3 ports with no budget: 762; a budget caps the probes that hold slots")
    func wideSweep() throws {
        let wide = """
            name: wide
            budget: {limit: none}
            pipeline:
              steps:
                - {phases: [tcp_probe], concurrent: false}
            arp: {enabled: false}
            bonjour: {enabled: false}
            tcp: {host_concurrency: 254, ports_in_flight: 3}
            enrichment: {enabled: false}
            ssdp: {enabled: false}
            icmp: {enabled: false}
            ptr: {enabled: false}
            """
        #expect(try Self.load(wide).maxFlowsInFlight == 762)
        #expect(
            try Self.load(wide.replacingOccurrences(of: "{limit: none}", with: "{limit: 500}")).maxFlowsInFlight == 500
        )
        // Bonjour's TCP resolves run beside the probes when the step runs them together.
        let together = wide.replacingOccurrences(
            of: "[tcp_probe], concurrent: false",
            with: "[bonjour, tcp_probe], concurrent: true"
        )
        .replacingOccurrences(
            of: "bonjour: {enabled: false}",
            with: "bonjour: {enabled: true, resolve_concurrency: 16}"
        )
        #expect(try Self.load(together).maxFlowsInFlight == 778)
        // In turn, the larger of the two.
        let inTurn = together.replacingOccurrences(of: "concurrent: true", with: "concurrent: false")
        #expect(try Self.load(inTurn).maxFlowsInFlight == 762)
    }
}
