import Foundation
import Testing
@testable import Harness
import Results

@Suite("running a recorded plan again")
struct RecordedPlanScheduleTests {
    @Test("a preset is recorded by name, a file by its path and its runs' name; scenarios likewise")
    func inputs() throws {
        #expect(RecordedPlan.Input(strategy: "netmonitor-2.0") == .init(name: "netmonitor-2.0"))
        #expect(
            RecordedPlan.Input(strategy: "/tmp/x/netmonitor-ci.yaml")
                == .init(name: "netmonitor-ci", path: "/tmp/x/netmonitor-ci.yaml")
        )
        #expect(RecordedPlan.Input(strategy: "mine.yml") == .init(name: "mine", path: "mine.yml"))
        #expect(RecordedPlan.Input(scenario: try Scenario.parse("ping-during-scan")) == .init(name: "ping-during-scan"))
        #expect(RecordedPlan.Input(strategy: "/tmp/x/netmonitor-ci.yaml").argument == "/tmp/x/netmonitor-ci.yaml")
        #expect(RecordedPlan.Input(name: "scanbench-best").argument == "scanbench-best")
    }

    @Test(
        "the schedule is the one scanbench run made: the first matrix interleaved, then each of also, with the plan's repetitions"
    )
    func scheduleMatchesRun() throws {
        let presets = ["review-baseline", "scanbench-best"]
        let plan = RecordedPlan(
            fixtures: ["home", "tiny"],
            strategies: presets.map { RecordedPlan.Input(strategy: $0) },
            scenarios: [.init(name: "scan")],
            also: [
                .init(
                    fixtures: ["home"],
                    strategies: [.init(name: "netmonitor-2.0")],
                    scenarios: [.init(name: "ping-during-scan")]
                )
            ],
            repetitions: 2,
            seed: 1
        )
        let schedule = try plan.schedule()
        let expected = RunPlan(
            fixtures: ["home", "tiny"],
            strategies: presets.map { StrategyVariant(base: $0) },
            scenarios: [.scan],
            repetitions: 2
        )
        .appending(
            RunPlan(
                fixtures: ["home"],
                strategies: [StrategyVariant(base: "netmonitor-2.0")],
                scenarios: [.builtin("ping-during-scan")],
                repetitions: 2
            )
        )
        #expect(schedule.plan == expected)
        #expect(schedule.plan.entries.count == 10)
        #expect(schedule.sweep == nil && schedule.variants.map(\.name) == presets)
    }

    @Test("a recorded sweep makes the same variants and grid record as --sweep; a grid above --max-variants is refused")
    func sweep() throws {
        let knobs: [SweepDescription.Knob] = [
            .init(key: "tcp.host_concurrency", values: ["12", "40"]),
            .init(key: "arp.settle_ms", values: ["500", "2000"]),
        ]
        let plan = RecordedPlan(
            fixtures: ["tiny"],
            strategies: [.init(name: "netmonitor-2.0")],
            scenarios: [.init(name: "scan")],
            repetitions: 1,
            sweep: knobs
        )
        let schedule = try plan.schedule()
        let grid = try SweepGrid(["tcp.host_concurrency=12,40", "arp.settle_ms=500,2000"])
        #expect(schedule.variants == (try grid.variants(bases: ["netmonitor-2.0"])))
        #expect(schedule.sweep == grid.description(bases: ["netmonitor-2.0"]))
        #expect(schedule.plan.entries.count == 5)
        #expect(throws: HarnessError.self) { try plan.schedule(maxVariants: 4) }
    }

    @Test("files the plan reads that are gone are named, built-ins are not")
    func missingFiles() {
        let plan = RecordedPlan(
            fixtures: ["tiny", "/nonexistent/lan.yaml"],
            strategies: [
                .init(name: "netmonitor-2.0"), .init(name: "netmonitor-ci", path: "/nonexistent/netmonitor-ci.yaml"),
            ],
            scenarios: [.init(name: "scan"), .init(name: "mine", path: "/nonexistent/mine.yaml")],
            repetitions: 1
        )
        #expect(
            plan.missingFiles() == [
                "fixture /nonexistent/lan.yaml", "strategy netmonitor-ci: /nonexistent/netmonitor-ci.yaml",
                "scenario mine: /nonexistent/mine.yaml",
            ]
        )
        let builtins = RecordedPlan(
            fixtures: ["tiny", "home"],
            strategies: [.init(name: "scanbench-best")],
            scenarios: [.init(name: "scan")],
            repetitions: 1
        )
        #expect(builtins.missingFiles().isEmpty)
    }
}
