import Foundation
import Testing
@testable import Results

@Suite("merging shards")
struct ResultsMergeTests {
    /// A shard holding one run of `strategy` at plan position `sequence`.
    static func shard(
        _ label: String,
        strategy: String,
        sequence: Int,
        fixtureHash: String = "aa",
        reference: String = "netmonitor-2.0"
    ) -> ResultsDocument {
        var document = ResultsDocumentTests.sample()
        document.referenceStrategy = reference
        document.environment.shard = label
        document.environment.fixtureHashes = ["home": fixtureHash]
        document.environment.strategyHashes = [strategy: "s-\(strategy)"]
        document.runs[0].strategy = strategy
        document.runs[0].sequence = sequence
        document.peers = [
            PeerResult(
                fixture: "home",
                tool: "nmap -sn",
                repetition: sequence,
                found: 20,
                discoverable: 28,
                durationS: 2
            )
        ]
        return document
    }

    @Test("runs of every shard, in plan order, with both strategies' hashes and every peer row")
    func joinsInPlanOrder() throws {
        let merged = try ResultsDocument.merging([
            ("b.json", Self.shard("2/2", strategy: "b", sequence: 1)),
            ("a.json", Self.shard("1/2", strategy: "a", sequence: 0)),
        ])
        #expect(merged.runs.map(\.strategy) == ["a", "b"])
        #expect(merged.environment.strategyHashes == ["a": "s-a", "b": "s-b"])
        #expect(merged.peers.count == 2)
        #expect(merged.environment.shard == "merged 2/2 + 1/2")
    }

    @Test("replicates of one plan: repetitions numbered on, schedules end to end, seeds kept; shards need no flag")
    func replicatesRenumbered() throws {
        var first = Self.shard("1/1", strategy: "a", sequence: 0)
        first.runs[0].repetition = 1
        first.runs[0].seed = 1
        var second = first
        second.runs[0].repetition = 1
        let plain = try? #require(throws: ResultsError.self) {
            try ResultsDocument.merging([("a.json", first), ("b.json", second)])
        }
        #expect(plain?.fix.contains("--replicates") == true)
        let pooled = try ResultsDocument.mergingReplicates([("a.json", first), ("b.json", second), ("c.json", second)])
        #expect(pooled.runs.map(\.repetition) == [1, 2, 3])
        #expect(pooled.runs.map(\.sequence) == [0, 1, 2])
        #expect(pooled.runs.map(\.seed) == [1, 1, 1])
        #expect(pooled.peers.map(\.repetition) == [0, 1, 2])
        #expect(pooled.environment.shard == "replicates 1/1 + 1/1 + 1/1")
        // Replicates must still be one plan: another fixture file is refused as for shards.
        let other = Self.shard("1/1", strategy: "a", sequence: 0, fixtureHash: "bb")
        #expect(throws: ResultsError.self) {
            try ResultsDocument.mergingReplicates([("a.json", first), ("b.json", other)])
        }
    }

    @Test("a fixture file that differs between shards is refused, naming the file and the fixture")
    func differentFixtureRefused() {
        do {
            _ = try ResultsDocument.merging([
                ("a.json", Self.shard("1/2", strategy: "a", sequence: 0)),
                ("b.json", Self.shard("2/2", strategy: "b", sequence: 1, fixtureHash: "bb")),
            ])
            Issue.record("merged shards of different fixture files")
        } catch {
            #expect(error.message.contains("b.json ran fixture home from a different file than a.json"))
            #expect(error.fix.contains("same checkout"))
        }
    }

    @Test("the same shard twice, or another reference strategy, is refused")
    func overlapAndReferenceRefused() {
        let one = Self.shard("1/2", strategy: "a", sequence: 0)
        #expect(throws: ResultsError.self) { try ResultsDocument.merging([("a.json", one), ("again.json", one)]) }
        let other = Self.shard("2/2", strategy: "b", sequence: 1, reference: "scanbench-best")
        #expect(throws: ResultsError.self) { try ResultsDocument.merging([("a.json", one), ("b.json", other)]) }
        // Categories probed with other settings (or not at all) do not compare.
        var unprobed = Self.shard("2/2", strategy: "b", sequence: 1)
        unprobed.environment.categoryProbe = nil
        #expect(throws: ResultsError.self) { try ResultsDocument.merging([("a.json", one), ("b.json", unprobed)]) }
        // ... nor categories read against another version of a public table.
        var oldRegistry = one, newRegistry = Self.shard("2/2", strategy: "b", sequence: 1)
        oldRegistry.environment.publicTables = [
            .init(path: "/usr/share/ieee-data/oui.csv", sha256: "aa", modified: nil, package: "ieee-data 1")
        ]
        newRegistry.environment.publicTables = [
            .init(path: "/usr/share/ieee-data/oui.csv", sha256: "bb", modified: nil, package: "ieee-data 2")
        ]
        let error = try? #require(throws: ResultsError.self) {
            try ResultsDocument.merging([("a.json", oldRegistry), ("b.json", newRegistry)])
        }
        #expect(error?.message.contains("/usr/share/ieee-data/oui.csv") == true)
        newRegistry.environment.publicTables = oldRegistry.environment.publicTables
        #expect(throws: Never.self) { try ResultsDocument.merging([("a.json", oldRegistry), ("b.json", newRegistry)]) }
    }

    @Test("shards run on different platforms are refused; linux and a file from before profiles merge")
    func platformMustMatch() throws {
        let one = Self.shard("1/2", strategy: "a", sequence: 0)
        var phone = Self.shard("2/2", strategy: "b", sequence: 1)
        phone.environment.platform = PlatformRecord(
            name: "iphone-a16",
            device: "phone",
            sha256: "p1",
            parameters: [.init(key: "callback_us", value: 15, source: nil, assumption: "a", sweep: [5, 50])],
            neutral: false
        )
        let error = try #require(throws: ResultsError.self) {
            try ResultsDocument.merging([("a.json", one), ("b.json", phone)])
        }
        #expect(error.message.contains("platform iphone-a16") && error.fix.contains("--platform"), "\(error)")
        var linux = Self.shard("2/2", strategy: "b", sequence: 1)
        linux.environment.platform = PlatformRecord(
            name: "linux",
            device: "host",
            sha256: "l1",
            parameters: [],
            neutral: true
        )
        #expect(try ResultsDocument.merging([("a.json", one), ("b.json", linux)]).runs.count == 2)
    }

    /// `shard` run on `platform` (nil: a file from before profiles, i.e. linux).
    static func onPlatform(_ platform: String?, sha256: String = "p1", strategy: String = "a") -> ResultsDocument {
        var document = shard("1/1", strategy: strategy, sequence: 0)
        document.environment.platform = platform.map {
            PlatformRecord(
                name: $0,
                device: $0,
                sha256: $0 == "linux" ? "l1" : sha256,
                parameters: $0 == "linux"
                    ? [] : [.init(key: "callback_us", value: 15, source: nil, assumption: "a", sweep: [5, 50])],
                neutral: $0 == "linux"
            )
        }
        return document
    }

    @Test(
        "across platforms: the same run on linux and on a profile is kept twice, each stamped with its platform, the profile's record kept"
    )
    func acrossPlatforms() throws {
        let merged = try ResultsDocument.mergingAcrossPlatforms([
            ("linux.json", Self.onPlatform(nil)),
            ("phone.json", Self.onPlatform("iphone-a16")),
        ])
        #expect(merged.runs.map(\.platform) == ["linux", "iphone-a16"])
        #expect(merged.runs.map(\.sequence) == [0, 1])  // the second file's schedule follows the first's
        #expect(merged.environment.platform?.name == "iphone-a16" && merged.plan == nil)
        // A round trip keeps the stamp.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("across-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try merged.write(to: path)
        let decoded = try ResultsDocument.load(path)
        #expect(decoded.runs.map(\.platform) == ["linux", "iphone-a16"])
    }

    @Test("across platforms: one platform only, or two profiles besides linux, is refused with a fix")
    func acrossPlatformsRefused() throws {
        let same = try #require(throws: ResultsError.self) {
            try ResultsDocument.mergingAcrossPlatforms([
                ("a.json", Self.onPlatform("linux")), ("b.json", Self.onPlatform(nil, strategy: "b")),
            ])
        }
        #expect(
            same.message.contains("every file ran platform linux") && same.fix.contains("without --across-platforms"),
            "\(same)"
        )
        let two = try #require(throws: ResultsError.self) {
            try ResultsDocument.mergingAcrossPlatforms([
                ("a.json", Self.onPlatform("linux")), ("b.json", Self.onPlatform("iphone-a16")),
                ("c.json", Self.onPlatform("ipad", sha256: "p2")),
            ])
        }
        #expect(two.message.contains("two profiles besides linux"), "\(two)")
    }
}

@Suite("merging shards of a sweep")
struct SweepMergeTests {
    @Test("shards of one grid keep its sweep object; shards of different grids are refused")
    func sameGridOnly() throws {
        let grid = SweepDescription(knobs: [.init(key: "arp.settle_ms", values: ["500", "1000"])], controls: ["a"])
        var first = ResultsMergeTests.shard("1/2", strategy: "a", sequence: 0)
        var second = ResultsMergeTests.shard("2/2", strategy: "a[arp.settle_ms=500]", sequence: 1)
        first.sweep = grid
        second.sweep = grid
        #expect(try ResultsDocument.merging([("a.json", first), ("b.json", second)]).sweep == grid)
        second.sweep?.knobs[0].values = ["500", "2000"]
        let error = try #require(throws: ResultsError.self) {
            try ResultsDocument.merging([("a.json", first), ("b.json", second)])
        }
        #expect(error.message.contains("b.json and a.json swept different grids"))
    }
}
