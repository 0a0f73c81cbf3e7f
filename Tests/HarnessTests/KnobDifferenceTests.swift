import Foundation
import Testing
@testable import Harness
import Results
import ScanKit
import AppInputs

@Suite("Knob differences and the ablation plan")
struct KnobDifferenceTests {
    /// Counted by hand from the two YAML files (a list is one knob; defaults both files leave
    /// out do not count): 27 keys.
    static let baselineTo20 = [
        "arp.enabled", "bind_to_interface", "bonjour.generation_check", "bonjour.resolve_waiting_policy",
        "bonjour.tier_delay_ms",
        "bonjour.tiers", "bonjour.window.fixed_ms", "bonjour.window.mode", "budget.limit", "enrichment.enabled",
        "icmp.enabled",
        "pipeline.phase_deadline_ms", "pipeline.steps", "ptr.concurrency", "publishing.policy", "ssdp.placement",
        "subnet.policy",
        "tcp.host_concurrency", "tcp.skip_known_hosts", "tcp.thermal_scaling", "tcp.timeouts.mode",
        "tcp.timeouts.primary_ms",
        "tcp.timeouts.secondary_ms", "tcp.waiting_policy", "tools.executor", "tools.ping.method",
        "tools.port_scanner.waiting_policy",
    ]

    static func scratch() -> String {
        let directory = NSTemporaryDirectory() + "ablate-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("review-baseline → netmonitor-2.0: the 27 knobs that differ, with both values as YAML")
    func baselineAgainstToday() throws {
        let differences = try KnobDifference.between(
            StrategyLoader.load("review-baseline"),
            StrategyLoader.load("netmonitor-2.0")
        )
        #expect(differences.map(\.key) == Self.baselineTo20)
        let byKey = Dictionary(uniqueKeysWithValues: differences.map { ($0.key, $0) })
        #expect(
            byKey["tcp.host_concurrency"]
                == KnobDifference(key: "tcp.host_concurrency", baseValue: "24", targetValue: "40")
        )
        #expect(byKey["budget.limit"]?.baseValue == "none" && byKey["budget.limit"]?.targetValue == "60")
        #expect(byKey["subnet.policy"]?.targetValue == "netmask")
        #expect(byKey["pipeline.steps"]?.targetValue.hasPrefix("[{concurrent: true, phases: [arp, bonjour]}") == true)
        #expect(
            try KnobDifference.between(StrategyLoader.load("netmonitor-2.0"), StrategyLoader.load("netmonitor-2.0"))
                .isEmpty
        )
    }

    @Test("every value is a valid override: set on BASE, it gives TARGET's value (those the loader accepts alone)")
    func valuesRoundTrip() throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = try KnobDifference.leaves(of: StrategyLoader.load("netmonitor-2.0"))
        var accepted = 0
        for difference in try KnobDifference.between(
            StrategyLoader.load("review-baseline"),
            StrategyLoader.load("netmonitor-2.0")
        ) {
            // Named as ablate names it: bonjour.tiers' value is too long for a file name.
            let variant = AblationPlan.variant(
                "review-baseline",
                setting: [(difference.key, difference.targetValue)],
                from: "netmonitor-2.0"
            )
            guard let prepared = try? variant.prepare(in: directory) else { continue }
            accepted += 1
            #expect(
                try KnobDifference.leaves(of: prepared.strategy)[difference.key] == target[difference.key],
                "\(difference.key)"
            )
        }
        #expect(accepted == 23, "all but the pipeline's four coupled knobs")
        // Quoted strings and an absent optional (null) load back as they were.
        let quoted = StrategyVariant(
            base: "netmonitor-2.0",
            overrides: [
                .init("ssdp.st", KnobDifference.Value.string("ssdp:all").yaml),
                .init("pipeline.steps", "null"),
            ]
        )
        let strategy = try quoted.prepare(in: directory).strategy
        #expect(strategy.ssdp.st == "ssdp:all" && strategy.pipeline.steps == nil)
    }

    @Test("the plan: forward and leave-one-out per knob, the coupled knobs as one group, names unique")
    func plan() throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let plan = try AblationPlan(base: "review-baseline", target: "netmonitor-2.0", directory: directory)
        let knobs = plan.ablation.knobs
        #expect(knobs.count == 28)
        #expect(plan.variants.count == 2 + 2 * 23 + 2)
        #expect(Set(plan.variants.map(\.name)).count == plan.variants.count)
        #expect(plan.variants.prefix(2).map(\.name) == ["review-baseline", "netmonitor-2.0"])
        let tcp = try #require(knobs.first { $0.key == "tcp.host_concurrency" })
        #expect(
            tcp.forward == "review-baseline[tcp.host_concurrency=40]"
                && tcp.leaveOneOut == "netmonitor-2.0[tcp.host_concurrency=24]"
        )
        #expect(knobs.first { $0.key == "bonjour.tiers" }?.forward == "review-baseline[bonjour.tiers=@netmonitor-2.0]")
        let refused = knobs.filter { $0.forwardError != nil }.map(\.key)
        #expect(refused == ["arp.enabled", "icmp.enabled", "pipeline.steps", "ssdp.placement"])
        #expect(
            knobs.first { $0.key == "arp.enabled" }?.forwardError
                == "arp.enabled = true does not give a valid strategy: pipeline.steps: arp is enabled but in no step",
            "one line, without the scratch file"
        )
        let group = try #require(knobs.last)
        #expect(group.key == "arp.enabled+icmp.enabled+pipeline.steps+ssdp.placement")
        #expect(group.forward != nil && group.leaveOneOut != nil && group.forwardError == nil)
    }

    @Test("two knobs: BASE+first is TARGET−second, run once; the same name twice or no difference is refused")
    func twoKnobsShareVariants() throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let yaml = try String(contentsOfFile: StrategyLoader.resolve("scanbench-best"), encoding: .utf8)
        let before = "\(directory)/before.yaml"
        let after = "\(directory)/after.yaml"
        try yaml.write(toFile: before, atomically: true, encoding: .utf8)
        try yaml.replacingOccurrences(of: "retry_rounds: 1", with: "retry_rounds: 0")
            .replacingOccurrences(of: "settle_ms: 3000", with: "settle_ms: 1000").write(
                toFile: after,
                atomically: true,
                encoding: .utf8
            )
        let plan = try AblationPlan(base: before, target: after, directory: "\(directory)/strategies")
        #expect(plan.ablation.knobs.map(\.key) == ["arp.retry_rounds", "arp.settle_ms"])
        #expect(plan.variants.count == 4)
        let knobs = plan.ablation.knobs
        #expect(knobs[0].forward == knobs[1].leaveOneOut && knobs[1].forward == knobs[0].leaveOneOut)
        #expect(throws: HarnessError.self) { try AblationPlan(base: before, target: before, directory: directory) }
        #expect(throws: HarnessError.self) {
            try AblationPlan(base: "netmonitor-2.0", target: "\(directory)/netmonitor-2.0.yaml", directory: directory)
        }
    }
}
