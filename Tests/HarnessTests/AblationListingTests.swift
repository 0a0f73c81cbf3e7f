import Foundation
import Testing
@testable import Harness
import Results

/// What `scanbench ablate … --list` prints: one line per knob, coupled knobs saying so on their
/// own line, no scratch paths, no validation errors.
@Suite("ablate's knob listing")
struct AblationListingTests {
    @Test(
        "review-baseline → netmonitor-2.0: a line per knob, the four coupled ones name each other, no paths or raw errors"
    )
    func baselineAgainstToday() throws {
        let directory = KnobDifferenceTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let plan = try AblationPlan(base: "review-baseline", target: "netmonitor-2.0", directory: directory)
        let runs = RunPlan(
            fixtures: ["home"],
            strategies: plan.variants,
            scenarios: [try Scenario.parse("scan")],
            repetitions: 3
        )
        let text = AblationListing.text(
            plan.ablation,
            strategies: plan.variants.count,
            runs: runs,
            repetitions: 3,
            seed: nil
        )
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 27 + 1)
        #expect(lines.first == "27 knobs differ between review-baseline and netmonitor-2.0:")
        #expect(lines.last == "150 runs: home × 50 strategies × 1 scenario × 3 repetitions")
        #expect(
            lines.contains(
                "  arp.enabled: false → true  (coupled with icmp.enabled, pipeline.steps, ssdp.placement: measured together)"
            )
        )
        #expect(
            lines.contains(
                "  ssdp.placement: after_tcp → with_tcp  (coupled with arp.enabled, icmp.enabled, pipeline.steps: measured together)"
            )
        )
        #expect(lines.contains("  tcp.host_concurrency: 24 → 40"))
        #expect(lines.filter { $0.contains("coupled with") }.count == 4)
        for leak in [directory, NSTemporaryDirectory(), "error:", "fix:", "does not give", "arp.enabled+", ".yaml"] {
            #expect(!text.contains(leak), "the listing shows '\(leak)': \(text)")
        }
    }

    @Test("a knob refused alone with no partner says which direction is not measured and why, in one line")
    func refusedAlone() throws {
        let ablation = Ablation(
            base: "a",
            target: "b",
            knobs: [
                .init(
                    key: "arp.enabled",
                    baseValue: "false",
                    targetValue: "true",
                    forward: nil,
                    leaveOneOut: "b[arp.enabled=false]",
                    forwardError:
                        "arp.enabled = true does not give a valid strategy: pipeline.steps: arp is enabled but in no step"
                ),
                .init(
                    key: "tcp.host_concurrency",
                    baseValue: "24",
                    targetValue: "40",
                    forward: "a[tcp.host_concurrency=40]",
                    leaveOneOut: "b[tcp.host_concurrency=24]"
                ),
            ]
        )
        #expect(
            AblationListing.knobLines(ablation) == [
                "arp.enabled: false → true  (forward not measured: arp.enabled = true does not give a valid strategy: pipeline.steps: arp is enabled but in no step)",
                "tcp.host_concurrency: 24 → 40",
            ]
        )
        let runs = RunPlan(
            fixtures: ["tiny"],
            strategies: [StrategyVariant(base: "a")],
            scenarios: [try Scenario.parse("scan")],
            repetitions: 1
        )
        #expect(
            AblationListing.text(ablation, strategies: 1, runs: runs, repetitions: 1, seed: 7).hasSuffix(
                "1 run: tiny × 1 strategy × 1 scenario × 1 repetition (seed 7)"
            )
        )
    }

    @Test("coupled knobs the loader refuses together too say so, with the reason, on each knob's line")
    func refusedTogether() {
        let why = "x = 1, y = 2 does not give a valid strategy: y: needs z"
        let ablation = Ablation(
            base: "a",
            target: "b",
            knobs: [
                .init(
                    key: "x",
                    baseValue: "0",
                    targetValue: "1",
                    forwardError: "x = 1 does not give a valid strategy: x: needs y",
                    leaveOneOutError: "x = 0 does not give a valid strategy: x: needs y"
                ),
                .init(
                    key: "y",
                    baseValue: "0",
                    targetValue: "2",
                    forwardError: "y = 2 does not give a valid strategy: y: needs x"
                ),
                .init(
                    key: "x+y",
                    baseValue: "0; 0",
                    targetValue: "1; 2",
                    forwardError: why,
                    leaveOneOutError: "\(why)\n  fix: add z"
                ),
            ]
        )
        #expect(
            AblationListing.knobLines(ablation) == [
                "x: 0 → 1  (coupled with y; together, forward not measured: \(why); together, leave-one-out not measured: \(why))",
                "y: 0 → 2  (coupled with x; together, forward not measured: \(why); together, leave-one-out not measured: \(why))",
            ]
        )
    }
}
