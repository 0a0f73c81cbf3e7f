import Foundation
import Testing
import ScanKit
@testable import Harness
import Results

@Suite("Run plan")
struct RunPlanTests {
    let strategies = ["a", "b", "c"].map { StrategyVariant(base: $0) }

    @Test("runs are interleaved A B C A B C per fixture, with a global sequence")
    func interleaved() {
        let plan = RunPlan(fixtures: ["home", "tiny"], strategies: strategies, scenarios: [.scan], repetitions: 2)
        #expect(plan.entries.map(\.strategy.name) == ["a", "b", "c", "a", "b", "c", "a", "b", "c", "a", "b", "c"])
        #expect(plan.entries.map(\.repetition) == [1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2])
        #expect(plan.entries.map(\.sequence) == Array(0..<12))
        #expect(plan.fixtures == ["home", "tiny"])
    }

    @Test("repetition k of every strategy and scenario runs with seed base + k − 1, also on a shard")
    func seedsPerRepetition() {
        let plan = RunPlan(fixtures: ["home"], strategies: strategies, scenarios: [.scan], repetitions: 3)
        #expect(plan.entries.map { $0.seed(base: 7) } == [7, 7, 7, 8, 8, 8, 9, 9, 9])
        #expect(
            plan.shard(2, of: 2).entries.map { $0.seed(base: 7) }
                == plan.entries.filter { $0.sequence % 2 == 1 }.map { $0.seed(base: 7) }
        )
        #expect(plan.entries.last!.seed(base: .max) == 1)  // wraps instead of trapping
    }

    @Test("shards partition the plan: by fixture when there are enough, round-robin otherwise")
    func shards() {
        let two = RunPlan(fixtures: ["home", "tiny"], strategies: strategies, scenarios: [.scan], repetitions: 2)
        #expect(two.shard(1, of: 2).fixtures == ["home"])
        #expect(two.shard(2, of: 2).fixtures == ["tiny"])
        let one = RunPlan(fixtures: ["home"], strategies: strategies, scenarios: [.scan], repetitions: 3)
        let parts = (1...4).map { one.shard($0, of: 4).entries.map(\.sequence) }
        #expect(parts.flatMap { $0 }.sorted() == Array(0..<9))
        #expect(Set(parts[0]).isDisjoint(with: Set(parts[1])))
        #expect(ShardSpec("2/4") == ShardSpec(index: 2, count: 4))
        #expect(ShardSpec("5/4") == nil && ShardSpec("0/1") == nil && ShardSpec("x") == nil)
    }

    @Test("--sweep derives one variant per value and writes a strategy ScanKit accepts")
    func sweep() throws {
        let variants = try StrategyVariant.sweep("tcp.host_concurrency=12,24", base: "netmonitor-2.0")
        #expect(
            variants.map(\.name) == [
                "netmonitor-2.0[tcp.host_concurrency=12]", "netmonitor-2.0[tcp.host_concurrency=24]",
            ]
        )
        let directory = NSTemporaryDirectory() + "sweep-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try variants[0].materialize(in: directory)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("host_concurrency: 12"))
        #expect(throws: HarnessError.self) { try StrategyVariant.sweep("tcp.host_concurrency", base: "x") }
        let bad = StrategyVariant(base: "netmonitor-2.0", override: ("tcp.no_such_knob", "3"))
        let refusal = try #require(throws: StrategyVariant.Refusal.self) { try bad.materialize(in: directory) }
        #expect(
            refusal.summary == "tcp.no_such_knob = 3 does not give a valid strategy: unknown key 'no_such_knob' in tcp"
        )
        #expect(
            "\(refusal)".contains("\(directory)/netmonitor-2.0[tcp.no_such_knob=3].yaml:"),
            "the whole error names the file"
        )
    }

    @Test("scenario names are checked")
    func scenarios() throws {
        #expect(try Scenario.parse("ping-during-scan") == Scenario.builtin("ping-during-scan"))
        #expect(throws: HarnessError.self) { try Scenario.parse("surf") }
    }
}

@Suite("Run plan composition")
struct RunPlanCompositionTests {
    @Test("appending continues the sequence and keeps both plans' entries in order")
    func appending() {
        let base = RunPlan(
            fixtures: ["home"],
            strategies: [StrategyVariant(base: "a")],
            scenarios: [.scan],
            repetitions: 2
        )
        let extra = RunPlan(
            fixtures: ["home"],
            strategies: [StrategyVariant(base: "b")],
            scenarios: [.builtin("ping-during-scan")],
            repetitions: 2
        )
        let plan = base.appending(extra)
        #expect(plan.entries.map(\.sequence) == [0, 1, 2, 3])
        #expect(
            plan.entries.map(\.scenario) == [
                Scenario.scan, .scan, .builtin("ping-during-scan"), .builtin("ping-during-scan"),
            ]
        )
        #expect(plan.entries.map(\.strategy.name) == ["a", "a", "b", "b"])
    }
}

@Suite("Peer output parsing")
struct PeerParsingTests {
    @Test("nmap's greppable output: listed states, and the ignored state for the rest")
    func nmapPorts() {
        let output =
            "Host: 198.18.0.61 ()\tPorts: 22/open/tcp//ssh///, 445/open/tcp//microsoft-ds///\tIgnored State: closed (17)\n"
        let states = PeerRunner.portStates(in: output, ports: [21, 22, 445])
        #expect(states == [21: "closed", 22: "open", 445: "open"])
    }

    @Test("avahi-browse -p resolved lines give addresses; nmap -sn lines give hosts that are up")
    func addresses() {
        let avahi =
            "+;eth0;IPv4;Kitchen;_raop._tcp;local\n=;eth0;IPv4;Kitchen;_raop._tcp;local;kitchen.local;198.18.0.41;7000;\"a=b\"\n"
        #expect(PeerRunner.addresses(in: avahi, tool: "avahi-browse") == ["198.18.0.41"])
        let nmap = "Host: 198.18.0.1 ()\tStatus: Up\nHost: 198.18.0.2 ()\tStatus: Down\n"
        #expect(PeerRunner.addresses(in: nmap, tool: "nmap -sn") == ["198.18.0.1"])
    }
}
