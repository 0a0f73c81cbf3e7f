import Foundation
import Testing
@testable import Gate
import Results

/// Every committed baseline matches the tree it ships with: its inputs manifest lists the hash of
/// every input its numbers depend on, and this recomputes them.
@Suite("baseline manifests")
struct BaselineManifestTests {
    /// The committed baselines and how each is recorded again.
    static let committed: [(results: String, rerecord: String)] = [
        (
            "ci/baseline/results.json",
            "sudo scripts/ci-gate ci/baseline/results.json --refresh -- $SCANBENCH_PLAN (it writes ci/baseline/inputs.sha256 too)"
        ),
        (
            "reports/reference/results.json",
            "the commands in reports/reference/README.md, then scanbench baseline manifest reports/reference/results.json"
        ),
        (
            "reports/reference/full/results.json",
            "the commands in reports/reference/README.md (the full suite), then scanbench baseline manifest reports/reference/full/results.json"
        ),
    ]

    @Test("each committed baseline's inputs.sha256 exists and matches the tree", arguments: committed.map(\.results))
    func committedBaselineIsCurrent(results: String) throws {
        let root = ComparisonTests.packageRoot
        let rerecord = try #require(Self.committed.first { $0.results == results }?.rerecord)
        let manifestPath = "\(root)/\((results as NSString).deletingLastPathComponent)/\(InputsManifest.fileName)"
        guard let text = try? String(contentsOfFile: manifestPath, encoding: .utf8) else {
            Issue.record(
                "\(results) has no inputs manifest (\(InputsManifest.fileName) beside it): re-record it and write one: \(rerecord)"
            )
            return
        }
        let now = try InputsManifest.current(of: try ResultsDocument.load("\(root)/\(results)"), root: root)
        let differences = now.differences(from: try InputsManifest.parse(text, file: manifestPath))
        #expect(
            differences.isEmpty,
            "\(results) is stale: its numbers were recorded with other inputs:\n  \(differences.joined(separator: "\n  "))\nre-record it: \(rerecord)"
        )
    }

    @Test("SHA-256 gives the FIPS 180-4 test vectors")
    func sha256() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
    }

    /// A scratch checkout: a fixture, a preset, a scenario, the platform, and one file in each code directory.
    static func tree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)").path
        let files = [
            "fixtures/lans/tiny.yaml": "name: tiny\n", "fixtures/lans/wifi/home-wifi.yaml": "name: home-wifi\n",
            "fixtures/strategies/netmonitor-2.0.yaml": "name: netmonitor-2.0\n",
            "fixtures/sessions/scan.yaml": "name: scan\n", "fixtures/platforms/linux.yaml": "name: linux\n",
            "fixtures/suites/small.yaml": "name: small\nfixtures: [tiny, home-wifi]\n",
            "fixtures/suites/other.yaml": "name: other\nfixtures: [home]\n",
            "Sources/Fixture/Fixture.swift": "// model\n", "Sources/Identity/HAP.swift": "// table\n",
            "Sources/Testbed/Switch/Switch.swift": "// switch\n",
        ]
        .merging(Dictionary(uniqueKeysWithValues: InputsManifest.classifierFiles.map { ($0, "// classifier\n") })) {
            $1
        }
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: "\(root)/\((path as NSString).deletingLastPathComponent)",
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(root)/\(path)"))
        }
        return root
    }

    static func document() -> ResultsDocument {
        var document = ComparisonTests.attempts([1, 1])
        document.plan = RecordedPlan(
            fixtures: ["tiny", "home-wifi"],
            strategies: [.init(name: "netmonitor-2.0")],
            scenarios: [.init(name: "scan")],
            repetitions: 2,
            seed: 1
        )
        return document
    }

    @Test(
        "the manifest lists the plan's files, the suite that lists its fixtures and the code, and names what changed, is new or is gone"
    )
    func staleness() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manifest = try InputsManifest.current(of: Self.document(), root: root)
        let paths = manifest.entries.map(\.path)
        for path in [
            "fixtures/lans/tiny.yaml", "fixtures/lans/wifi/home-wifi.yaml", "fixtures/strategies/netmonitor-2.0.yaml",
            "fixtures/sessions/scan.yaml", "fixtures/platforms/linux.yaml",
            "fixtures/suites/small.yaml", "Sources/Fixture/Fixture.swift", "Sources/Identity/HAP.swift",
            "Sources/Testbed/Switch/Switch.swift",
            "Sources/NetTools/Probe/DeviceClassifier.swift",
        ] {
            #expect(paths.contains(path), "\(path) missing from \(paths)")
        }
        #expect(!paths.contains("fixtures/suites/other.yaml"))
        let recorded = try InputsManifest.parse(manifest.text, file: "inputs.sha256")
        #expect(try InputsManifest.current(of: Self.document(), root: root).differences(from: recorded).isEmpty)
        // The emulator changed, the classifier gained a table file, a generator file went away.
        try Data("// switch, edited\n".utf8).write(
            to: URL(fileURLWithPath: "\(root)/Sources/Testbed/Switch/Switch.swift")
        )
        try Data("// new table\n".utf8).write(to: URL(fileURLWithPath: "\(root)/Sources/Identity/Cast.swift"))
        try FileManager.default.removeItem(atPath: "\(root)/Sources/Fixture/Fixture.swift")
        let lines = try InputsManifest.current(of: Self.document(), root: root).differences(from: recorded)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Sources/Testbed/Switch/Switch.swift (code) changed") })
        #expect(lines.contains { $0.hasPrefix("Sources/Identity/Cast.swift (code) is new") })
        #expect(lines.contains { $0.hasPrefix("Sources/Fixture/Fixture.swift was an input") })
        // A strategy file that changed is stale for the committed-baseline test, and the change a gate judges for ci-gate.
        try FileManager.default.removeItem(atPath: "\(root)/Sources/Identity/Cast.swift")
        try Data("// model\n".utf8).write(to: URL(fileURLWithPath: "\(root)/Sources/Fixture/Fixture.swift"))
        try Data("// switch\n".utf8).write(to: URL(fileURLWithPath: "\(root)/Sources/Testbed/Switch/Switch.swift"))
        try Data("name: netmonitor-2.0\ntcp: {}\n".utf8).write(
            to: URL(fileURLWithPath: "\(root)/fixtures/strategies/netmonitor-2.0.yaml")
        )
        let edited = try InputsManifest.current(of: Self.document(), root: root)
        #expect(edited.differences(from: recorded).count == 1)
        #expect(edited.differences(from: recorded, strategiesMayDiffer: true).isEmpty)
        // A fixture edit is stale either way.
        try Data("name: tiny\ndevices: []\n".utf8).write(to: URL(fileURLWithPath: "\(root)/fixtures/lans/tiny.yaml"))
        #expect(
            try InputsManifest.current(of: Self.document(), root: root).differences(
                from: recorded,
                strategiesMayDiffer: true
            ).count == 1
        )
    }

    @Test("an input the plan names that is gone, and a manifest line that is not 'SHA256  PATH', are input errors")
    func inputErrors() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: "\(root)/fixtures/lans/tiny.yaml")
        #expect(throws: CompareInputError.self) { try InputsManifest.current(of: Self.document(), root: root) }
        #expect(throws: CompareInputError.self) {
            try InputsManifest.parse("abc fixtures/lans/tiny.yaml\n", file: "inputs.sha256")
        }
    }
}
