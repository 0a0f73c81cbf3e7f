import Foundation
import Testing
@testable import Results

@Suite("the recorded plan")
struct RecordedPlanTests {
    /// The CI recipe's plan: tiny, a preset and a strategy file, five repetitions, seed 1.
    static func plan() -> RecordedPlan {
        RecordedPlan(
            fixtures: ["tiny"],
            strategies: [
                .init(name: "netmonitor-2.0"), .init(name: "netmonitor-ci", path: "/tmp/a/netmonitor-ci.yaml"),
            ],
            scenarios: [.init(name: "scan")],
            repetitions: 5,
            seed: 1,
            categoryProbe: .harnessDefault
        )
    }

    @Test(
        "results.json keeps the plan in snake_case, omits what it does not use, and round-trips it; a file without one loads"
    )
    func keysAndRoundTrip() throws {
        var document = ResultsDocumentTests.sample()
        document.plan = Self.plan()
        let path = NSTemporaryDirectory() + "plan-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try document.write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for key in [
            "\"plan\" : {", "\"fixtures\" : [\n      \"tiny\"", "\"path\" : \"/tmp/a/netmonitor-ci.yaml\"",
            "\"repetitions\" : 5",
            "\"seed\" : 1", "\"peers\" : false", "\"category_probe\" : {",
        ] {
            #expect(text.contains(key), "missing \(key) in \(text.prefix(1500))")
        }
        let plan =
            try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
            )["plan"] as? [String: Any]
        #expect(
            Set(plan?.keys.map { $0 } ?? []) == [
                "fixtures", "strategies", "scenarios", "repetitions", "seed", "peers", "category_probe",
            ],
            "no also, sweep or path of a built-in when there is none"
        )
        #expect(try ResultsDocument.load(path) == document)

        // Everything optional may be absent: a plan with a seed per run, no probe, no peers key.
        let minimal =
            #"{"fixtures": ["home"], "strategies": [{"name": "scanbench-best"}], "scenarios": [{"name": "scan"}], "repetitions": 1}"#
        let decoded = try JSONDecoder().decode(RecordedPlan.self, from: Data(minimal.utf8))
        #expect(
            decoded
                == RecordedPlan(
                    fixtures: ["home"],
                    strategies: [.init(name: "scanbench-best")],
                    scenarios: [.init(name: "scan")],
                    repetitions: 1
                )
        )

        // A file written before plans were recorded still loads, without one.
        try ResultsDocumentTests.sample().write(to: path)
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("\"plan\""))
        #expect(try ResultsDocument.load(path).plan == nil)
    }

    @Test("the platform is part of the plan: linux is no key at all, another profile is named and differs")
    func platform() throws {
        var phone = Self.plan()
        phone.platform = .init(name: "iphone-a16")
        let text = String(decoding: try JSONEncoder().encode(phone), as: UTF8.self)
        #expect(text.contains("\"platform\":{\"name\":\"iphone-a16\"}"), "\(text)")
        #expect(!String(decoding: try JSONEncoder().encode(Self.plan()), as: UTF8.self).contains("platform"))
        #expect(
            Self.plan().differences(from: phone, label: "a", otherLabel: "b") == [
                "platform: --platform linux in a; --platform iphone-a16 in b"
            ]
        )
        #expect(try JSONDecoder().decode(RecordedPlan.self, from: Data(text.utf8)) == phone)
    }

    @Test("the same runs are the same plan: list order, a strategy file's place and the seed do not count")
    func samePlan() {
        let plan = Self.plan()
        var other = plan
        other.strategies.reverse()
        other.strategies[0].path = "/elsewhere/netmonitor-ci.yaml"
        other.seed = 7
        #expect(plan.differences(from: other, label: "B", otherLabel: "A").isEmpty)
        #expect(plan.differences(from: plan, label: "B", otherLabel: "A").isEmpty)
    }

    @Test("each kind of difference is named with both sides, and what is only on one")
    func differencesNamed() {
        let plan = Self.plan()
        func differences(_ change: (inout RecordedPlan) -> Void) -> [String] {
            var other = plan
            change(&other)
            return plan.differences(from: other, label: "the baseline", otherLabel: "RUN-ARGS")
        }
        #expect(
            differences { $0.fixtures = ["home"] }
                == ["fixtures: tiny in the baseline; home in RUN-ARGS"]
        )
        #expect(
            differences { $0.fixtures = ["home", "tiny"] } == [
                "fixtures: tiny in the baseline; home, tiny in RUN-ARGS (home only in RUN-ARGS)"
            ]
        )
        #expect(
            differences { $0.strategies.removeLast() }
                == [
                    "strategies: netmonitor-2.0, netmonitor-ci in the baseline; netmonitor-2.0 in RUN-ARGS (netmonitor-ci only in the baseline)"
                ]
        )
        #expect(
            differences { $0.scenarios.append(.init(name: "ping-during-scan")) }
                == [
                    "scenarios: scan in the baseline; scan, ping-during-scan in RUN-ARGS (ping-during-scan only in RUN-ARGS)"
                ]
        )
        #expect(differences { $0.repetitions = 2 } == ["repetitions: 5 in the baseline; 2 in RUN-ARGS"])
        #expect(
            differences { $0.sweep = [.init(key: "arp.settle_ms", values: ["500", "2000"])] }
                == ["sweep: none in the baseline; --sweep arp.settle_ms=500,2000 in RUN-ARGS"]
        )
        #expect(differences { $0.peers = true } == ["peers: no peers in the baseline; --peers in RUN-ARGS"])
        #expect(
            differences { $0.categoryProbe = nil }
                == [
                    "category probe: --classify-top-ports 40 --classify-bonjour-window 1.5 --classify-ssdp-window 1.5 --classify-timeout 1 in the baseline; none (--no-classify) in RUN-ARGS"
                ]
        )
        #expect(
            differences {
                $0.fixtures = ["home"]; $0.repetitions = 1
            }.count == 2,
            "every difference, not the first"
        )
    }

    @Test("the same names combined otherwise differ by their runs: the default plan without its review scenarios")
    func sameNamesOtherCells() {
        let scan = RecordedPlan.Input(name: "scan"), ping = RecordedPlan.Input(name: "ping-during-scan")
        let a = RecordedPlan.Input(name: "a"), b = RecordedPlan.Input(name: "b")
        let withReview = RecordedPlan(
            fixtures: ["home"],
            strategies: [a, b],
            scenarios: [scan],
            also: [.init(fixtures: ["home"], strategies: [a], scenarios: [ping])],
            repetitions: 1
        )
        let flat = RecordedPlan(fixtures: ["home"], strategies: [a, b], scenarios: [scan, ping], repetitions: 1)
        #expect(withReview.cells.count == 3 && flat.cells.count == 4)
        #expect(
            withReview.differences(from: flat, label: "X", otherLabel: "Y") == [
                "runs: none only in X; home × b × ping-during-scan only in Y"
            ]
        )
    }
}

@Suite("merging shards of one plan")
struct PlanMergeTests {
    static func shard(_ label: String, strategy: String, sequence: Int, plan: RecordedPlan?) -> ResultsDocument {
        var document = ResultsMergeTests.shard(label, strategy: strategy, sequence: sequence)
        document.plan = plan
        return document
    }

    @Test("shards of one plan keep it; another plan, or a shard without one, is refused with the difference")
    func samePlanOnly() throws {
        let plan = RecordedPlanTests.plan()
        let merged = try ResultsDocument.merging([
            ("a.json", Self.shard("1/2", strategy: "a", sequence: 0, plan: plan)),
            ("b.json", Self.shard("2/2", strategy: "b", sequence: 1, plan: plan)),
        ])
        #expect(merged.plan == plan)
        // --peers on one shard only (the reference tools run once per fixture): the same plan, with peers.
        var peers = plan
        peers.peers = true
        let withPeers = try ResultsDocument.merging([
            ("a.json", Self.shard("1/2", strategy: "a", sequence: 0, plan: plan)),
            ("b.json", Self.shard("2/2", strategy: "b", sequence: 1, plan: peers)),
        ])
        #expect(withPeers.plan == peers)

        var other = plan
        other.repetitions = 3
        let error = try #require(throws: ResultsError.self) {
            try ResultsDocument.merging([
                ("a.json", Self.shard("1/2", strategy: "a", sequence: 0, plan: plan)),
                ("b.json", Self.shard("2/2", strategy: "b", sequence: 1, plan: other)),
            ])
        }
        #expect(
            error.message.contains("b.json and a.json ran different plans")
                && error.message.contains("repetitions: 5 in a.json; 3 in b.json"),
            "\(error.message)"
        )
        #expect(error.fix.contains("--shard"))

        let mixed = try #require(throws: ResultsError.self) {
            try ResultsDocument.merging([
                ("a.json", Self.shard("1/2", strategy: "a", sequence: 0, plan: nil)),
                ("b.json", Self.shard("2/2", strategy: "b", sequence: 1, plan: plan)),
            ])
        }
        #expect(mixed.message.contains("a.json records no plan"), "\(mixed.message)")
        // Files from before plans were recorded merge as before.
        let old = try ResultsDocument.merging([
            ("a.json", Self.shard("1/2", strategy: "a", sequence: 0, plan: nil)),
            ("b.json", Self.shard("2/2", strategy: "b", sequence: 1, plan: nil)),
        ])
        #expect(old.plan == nil && old.runs.count == 2)
    }
}
