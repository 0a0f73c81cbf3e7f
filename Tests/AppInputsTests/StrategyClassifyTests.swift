import StrictYAML
import Testing
@testable import AppInputs

/// The `classify` section: the presets' values (each cited in its file), NetMonitor's default, and
/// refusals that name the file, the line and the fix.
@Suite("Strategy classify section")
struct StrategyClassifyTests {
    @Test func presetsClassifyAsTheirSourcesSay() throws {
        let nm2 = try StrategyLoadingTests.preset("netmonitor-2.0")
        let baseline = try StrategyLoadingTests.preset("review-baseline")
        let homenet = try StrategyLoadingTests.preset("homenet")
        let best = try StrategyLoadingTests.preset("scanbench-best")
        // Spec §5.8: NetMonitor has no deep probe and never sets the gateway flag.
        #expect(nm2.classify == Strategy.Classify() && nm2.classify.deepProbe == .none && !nm2.classify.gatewayFlag)
        #expect(baseline.classify.deepProbe == .none)
        // Seed 002:114-123: a named port list, batches of 4, after the scan.
        #expect(
            homenet.classify.deepProbe == .own && homenet.classify.topPorts == 0
                && homenet.classify.hostConcurrency == 4
        )
        #expect(
            homenet.classify.ports == [80, 443, 8080, 8443, 22, 21, 25, 554, 7000, 8008]
                && homenet.classify.bonjourWindowMs == 0
        )
        #expect(best.classify.deepProbe == .own && best.classify.reuseScan && best.classify.gatewayFlag)
    }

    @Test func aFileWithoutTheSectionClassifiesAsNetMonitor() throws {
        let strategy = try StrategyLoader.load(text: "name: tiny\nclassify: {reuse_scan: false}\n", file: "tiny.yaml")
        #expect(
            strategy.classify.deepProbe == .none && !strategy.classify.reuseScan && strategy.classify.topPorts == 40
        )
    }

    @Test(
        "refusals name the line and the fix",
        arguments: [
            ("classify:\n  deep_probe: always\n", 3, "none, own, harness"),
            ("classify:\n  ssdp_window_ms: 500\n", 3, "1000 to 6000"),
            ("classify:\n  ports: [80, 70000]\n", 3, "1 to 65535"),
            ("classify:\n  host_concurrency: 0\n", 3, "1 to 1024"),
            (
                "classify:\n  deep_probe: own\n  top_ports: 0\n  bonjour_window_ms: 0\n  ssdp_window_ms: 0\n", 3,
                "deep_probe: none"
            ),
            ("classify:\n  reuse_scna: true\n", 3, "reuse_scan"),
        ]
    )
    func refusal(_ body: String, line: Int, fix: String) throws {
        let error = try #require(StrategyLoadingTests.loadError("name: bad\n" + body))
        #expect(error.file == "s.yaml")
        #expect(error.line == line, "\(error)")
        #expect(error.fix.contains(fix) || error.message.contains(fix), "\(error)")
    }
}
