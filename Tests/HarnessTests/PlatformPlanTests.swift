import Fixture
import Foundation
import Results
import ScanKit
import Testbed
import Testing
@testable import Harness
import AppInputs

@Suite("Platform in the plan")
struct PlatformPlanTests {
    static func truth() throws -> GroundTruth {
        let fixture = try FixtureLoader.load(try FixtureLoader.resolve("tiny"))
        return GroundTruth(
            fixture: fixture,
            fixturePath: "fixtures/lans/tiny.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
    }

    static func output() -> String { NSTemporaryDirectory() + "platform-plan-\(UUID().uuidString)" }

    /// Results cannot import ScanKit, so it spells the default platform once on its side: a file
    /// without a platform record must read as the profile a job without `--platform` runs.
    @Test("a results file without a platform record names the app's default profile")
    func defaultNamesAgree() {
        #expect(PlatformRecord.defaultName == PlatformProfileLoader.defaultName)
    }

    @Test(
        "with the default platform the plan, the strategy files and the app's command line are exactly those of a job without one"
    )
    func linuxChangesNothing() throws {
        let out = Self.output()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let plan = RunPlan(
            fixtures: ["tiny"],
            strategies: [StrategyVariant(base: "review-baseline"), StrategyVariant(base: "netmonitor-2.0")],
            scenarios: [.builtin("ping-during-scan")],
            repetitions: 2
        )
        let withDefault = try JobInputs.prepare(plan, outputDirectory: out)
        let withLinux = try JobInputs.prepare(plan, outputDirectory: out, platform: "linux")
        #expect(withDefault.platform.profile.name == "linux" && withDefault.platform.profile.isNeutral)
        #expect(withDefault.platform.argument == nil, "linux is not passed to the app")
        let driver = ScenarioDriver(truth: try Self.truth(), executable: "/x/scanbench", seed: 1, sessionDeadline: 240)
        for entry in plan.entries {
            let prepared = try #require(withLinux.strategies[entry.strategy.name])
            #expect(prepared.file == (try #require(withDefault.strategies[entry.strategy.name])).file)
            #expect(prepared.file == (try StrategyLoader.resolve(entry.strategy.base)), "the preset itself, no copy")
            let before = try driver.arguments(for: entry, strategyFile: prepared.file, eventsPath: "e.jsonl")
            let now = try driver.arguments(
                for: entry,
                strategyFile: prepared.file,
                platformFile: prepared.platform.argument,
                eventsPath: "e.jsonl"
            )
            #expect(now == before)
            #expect(!now.contains("--platform"))
        }
    }

    @Test(
        "an iPhone profile is passed to the app; a platform.KEY sweep varies the profile's copy, never the strategy file"
    )
    func platformSweep() throws {
        let out = Self.output()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let grid = try SweepGrid(["platform.callback_us=5,50"])
        let variants = try grid.variants(bases: ["review-baseline"])
        #expect(
            variants.map(\.name) == [
                "review-baseline", "review-baseline[platform.callback_us=5]",
                "review-baseline[platform.callback_us=50]",
            ]
        )
        let plan = RunPlan(
            fixtures: ["tiny"],
            strategies: variants,
            scenarios: [.builtin("ping-during-scan")],
            repetitions: 1
        )
        let inputs = try JobInputs.prepare(plan, outputDirectory: out, platform: "iphone-a16")
        let control = try #require(inputs.strategies["review-baseline"])
        #expect(control.platform.profile.callbackUs.value == 15)
        #expect(control.platform.argument == (try PlatformProfileLoader.resolve("iphone-a16")))
        let swept = try #require(inputs.strategies["review-baseline[platform.callback_us=50]"])
        #expect(swept.platform.profile.callbackUs.value == 50)
        #expect(
            swept.platform.profile.callbackUs.assumption == control.platform.profile.callbackUs.assumption,
            "only the value changes"
        )
        #expect(swept.platform.file.hasPrefix("\(out)/platforms/"))
        #expect(swept.file == control.file, "the strategy file is the preset's")
        let driver = ScenarioDriver(truth: try Self.truth(), executable: "/x/scanbench", seed: 1, sessionDeadline: 240)
        let arguments = try driver.arguments(
            for: plan.entries[2],
            strategyFile: swept.file,
            platformFile: swept.platform.argument,
            eventsPath: "e.jsonl"
        )
        let flag = try #require(arguments.firstIndex(of: "--platform"))
        #expect(arguments[flag + 1] == swept.platform.file)
    }

    @Test("a platform key the profile lacks, or a value it refuses, stops the job before any LAN with the keys it has")
    func badPlatformSweep() throws {
        let out = Self.output()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let unknown = RunPlan(
            fixtures: ["tiny"],
            strategies: [StrategyVariant(base: "netmonitor-2.0", override: ("platform.callback_ms", "5"))],
            scenarios: [.builtin("scan")],
            repetitions: 1
        )
        let error = try #require(throws: HarnessError.self) {
            try JobInputs.prepare(unknown, outputDirectory: out, platform: "iphone-a16")
        }
        #expect(
            error.message.contains("no parameter 'callback_ms'") && error.fix.contains("platform.callback_us"),
            "\(error)"
        )
        let negative = RunPlan(
            fixtures: ["tiny"],
            strategies: [StrategyVariant(base: "netmonitor-2.0", override: ("platform.callback_us", "-3"))],
            scenarios: [.builtin("scan")],
            repetitions: 1
        )
        let refused = try #require(throws: HarnessError.self) {
            try JobInputs.prepare(negative, outputDirectory: out, platform: "iphone-a16")
        }
        #expect(refused.message.contains("out of range"), "\(refused)")
    }
}
