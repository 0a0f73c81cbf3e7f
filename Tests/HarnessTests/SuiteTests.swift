import AppInputs
import Fixture
import Foundation
import StrictYAML
import Testing
@testable import Harness

@Suite("Suites")
struct SuiteTests {
    /// Writes `text` to a temporary suite file and loads it.
    static func load(_ text: String) throws -> Suite {
        let path = NSTemporaryDirectory() + "suite-\(UUID().uuidString).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Suite.load(path)
    }

    /// The error `text` is refused with.
    static func refusal(_ text: String) throws -> YAMLInputError {
        do {
            _ = try load(text)
        } catch let error as YAMLInputError {
            return error
        }
        throw LoadedAnyway()
    }
    struct LoadedAnyway: Error {}

    @Test("the built-in suites load, judge on the /23 office too, and every LAN of theirs carries the Wi-Fi behaviours")
    func builtins() throws {
        #expect(Suite.builtinNames().contains("default") && Suite.builtinNames().contains("full"))
        // `faults` is no verdict on LANs as they are: it checks every preset under one fault per
        // LAN (its own test below).
        for name in Suite.builtinNames() where name != "faults" {
            let suite = try Suite.load(name)
            #expect(suite.fixtures.contains("office-wifi"), "\(name) judges on the /23 office too")
            var sleepers = 0, heldForDozing = 0
            for fixtureName in suite.fixtures {
                let fixture = try FixtureLoader.load(fixtureName)
                #expect(
                    fixture.network.scanner.wifi?.roam != nil && fixture.network.scanner.wifi?.congestion != nil,
                    "\(name): \(fixtureName) has no scanner path events"
                )
                #expect(
                    fixture.devices.contains { $0.powerSave != nil },
                    "\(name): \(fixtureName) holds no unicast for a dozing station"
                )
                sleepers += fixture.devices.filter { $0.deepSleep != nil }.count
                heldForDozing += fixture.devices.filter { $0.powerSave != nil }.count
            }
            #expect(
                sleepers >= 1 && heldForDozing >= 10,
                "\(name): \(sleepers) deep sleepers, \(heldForDozing) stations in power save"
            )
        }
    }

    @Test("the faults suite runs every fault LAN of fixtures/lans/faults, each with a fault, under every preset")
    func faultsSuite() throws {
        let suite = try Suite.load("faults")
        #expect(
            Set(suite.strategies ?? []) == Set(StrategyLoader.builtinNames()),
            "every preset of fixtures/strategies, the other apps' included"
        )
        #expect(suite.scenarios == [])
        let directory = (try FixtureLoader.resolve("fault-leave") as NSString).deletingLastPathComponent
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }
        #expect(Set(suite.fixtures) == Set(files.map { String($0.dropLast(5)) }))
        for name in suite.fixtures {
            let fixture = try FixtureLoader.load(name)
            #expect(
                fixture.devices.contains { $0.leave != nil || $0.mdnsStorm != nil || $0.hostile != nil }
                    || fixture.network.scanner.link?.burstLoss != nil,
                "\(name) has no fault"
            )
        }
    }

    @Test("mistakes are refused at the suite line that holds them, with the inner file's message")
    func mistakes() throws {
        let typo = try Self.refusal("name: x\nfixtures: [home]\nrepat: 2\n")
        #expect(typo.line == 3 && typo.fix.contains("repeat"))
        let missing = try Self.refusal("name: x\nfixtures: [home, hom]\n")
        #expect(
            missing.line == 2 && missing.message.contains("fixtures[1]")
                && missing.message.contains("no built-in fixture named 'hom'")
        )
        let twice = try Self.refusal("name: x\nfixtures:\n  - home\n  - home\n")
        #expect(twice.line == 4 && twice.message.contains("listed twice"))
        let strategy = try Self.refusal("name: x\nfixtures: [tiny]\nstrategies: [no-such-preset]\n")
        #expect(strategy.line == 3 && strategy.message.contains("strategies[0]"))
        let none = try Self.refusal("name: x\nfixtures: []\n")
        #expect(none.message.contains("at least one fixture"))
        let zero = try Self.refusal("name: x\nfixtures: [tiny]\nrepeat: 0\n")
        #expect(zero.line == 3)
        let scenario = try Self.refusal(
            "name: x\nfixtures: [tiny]\nscenarios:\n  - ping-during-scan\n  - ping-durin-scan\n"
        )
        #expect(
            scenario.line == 5 && scenario.message.contains("scenarios[1]")
                && scenario.message.contains("unknown scenario 'ping-durin-scan'")
        )
    }

    @Test("a valid suite keeps its fields; absent strategies and repeat stay nil for the caller's defaults")
    func fields() throws {
        let suite = try Self.load("name: pair\nfixtures: [tiny, home]\n")
        #expect(
            suite.name == "pair" && suite.fixtures == ["tiny", "home"] && suite.strategies == nil && suite.repeat == nil
        )
        #expect(suite.scenarios == nil)
        let full = try Suite.load("full")
        #expect(
            full.scenarios == [
                "ping-during-scan", "ports-during-scan", "tools-then-scan", "thermal-mid-scan", "adr-016",
                "tools-during-scan",
            ]
        )
    }
}
