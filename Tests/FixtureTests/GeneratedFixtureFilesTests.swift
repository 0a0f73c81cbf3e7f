@testable import Fixture
import Foundation
import Testing
import Wire

/// The generated LANs committed under `fixtures/lans/generated/`, the writer they go through, and
/// the tables the generator draws from: each file regenerates byte for byte from the command in
/// its header, resolves by name, and the MAC blocks are the vendors' own.
@Suite("Generated fixture files")
struct GeneratedFixtureFilesTests {
    static let root = BuiltinFixtureTests.packageRoot
    static let directory = root.appendingPathComponent("fixtures/lans/generated").path
    static let committed = ["gen-home-25", "gen-home-60", "gen-iot-45", "gen-office-90", "gen-office-120"]

    /// The options in a header's command line.
    static func options(fromHeader text: String) throws -> (LANGeneratorOptions, out: String?) {
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("#   scanbench fixture generate ") })
        var values: [String: String] = [:]
        var words = line.dropFirst("#   scanbench fixture generate ".count).split(separator: " ").map(String.init)[...]
        while let flag = words.popFirst(), let value = words.popFirst() { values[flag] = value }
        let options = LANGeneratorOptions(
            seed: try #require(UInt64(values["--seed"] ?? "")),
            devices: try #require(Int(values["--devices"] ?? "")),
            subnet: try LANGeneratorOptions.parseSubnet(values["--subnet"] ?? ""),
            profile: try #require(LANProfile(rawValue: values["--profile"] ?? "")),
            name: values["--name"],
            wifi: try #require(WiFiModelling(rawValue: values["--wifi"] ?? WiFiModelling.lateARP.rawValue))
        )
        return (options, values["--out"])
    }

    @Test("each committed file is exactly what its header's command generates", arguments: committed)
    func regenerates(name: String) throws {
        let path = "\(Self.directory)/\(name).yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let (options, out) = try Self.options(fromHeader: text)
        #expect(out == "fixtures/lans/generated/\(name).yaml")
        #expect(options.name == name)
        #expect(options.wifi == .full, "the suites' generated LANs carry the Wi-Fi behaviours (issue 46)")
        #expect(
            try LANGenerator.yaml(options, out: out) == text,
            "\(name).yaml is stale: run `\(options.commandLine(out: out))` and commit it"
        )
    }

    @Test("the committed set: 20-120 devices, two /23s, every profile, names that resolve")
    func committedSet() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory).filter { $0.hasSuffix(".yaml") }
        #expect(Set(files) == Set(Self.committed.map { "\($0).yaml" }))
        var fixtures: [Fixture] = []
        for name in Self.committed {
            let fixture = try FixtureLoader.load(name)
            #expect(try FixtureLoader.resolve(name) == FixtureLoader.resolve("generated/\(name)"))
            #expect(try FixtureLoader.resolve(name).hasSuffix("fixtures/lans/generated/\(name).yaml"))
            #expect((20...120).contains(fixture.devices.count))
            fixtures.append(fixture)
        }
        #expect(fixtures.filter { $0.network.subnet.prefixLength == 23 }.count == 2)
        let handWritten = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("fixtures/lans").path
        )
        #expect(
            handWritten.filter { Self.committed.contains(String($0.dropLast(5))) }.isEmpty,
            "a generated name shadows a hand-written one"
        )
        #expect(try FixtureLoader.resolve("home").hasSuffix("fixtures/lans/home.yaml"))
        #expect(throws: (any Error).self) { try FixtureLoader.resolve("gen-nothing") }
        #expect(try FixtureLoader.resolve("some/dir/mine") == "some/dir/mine", "a path stays a path")
    }

    @Test("the writer round-trips the hand-written fixtures", arguments: ["home", "tiny", "office"])
    func writerRoundTrip(name: String) throws {
        let original = try BuiltinFixtureTests.load(name)
        let text = FixtureYAMLWriter.yaml(original, header: ["round trip"])
        let reloaded = try FixtureLoader.load(text: text, file: "\(name)-rewritten.yaml")
        #expect(reloaded == original)
        #expect(FixtureYAMLWriter.yaml(reloaded, header: ["round trip"]) == text)
    }

    /// Every MAC block is assigned to its vendor in the IEEE registry the machine has (Debian's
    /// ieee-data), and none but Synology's two is a block the hand-written fixtures use.
    @Test("every OUI in the generator's table is the vendor's, per the installed IEEE registry")
    func ouiBlocksAreRegistered() throws {
        let csv = "/usr/share/ieee-data/oui.csv"
        let text = try #require(
            try? String(contentsOfFile: csv, encoding: .utf8),
            "install ieee-data (scripts/bootstrap.sh does)"
        )
        var registry: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("MA-L,") {
            let fields = line.split(separator: ",", maxSplits: 2)
            guard fields.count == 3 else { continue }
            registry[String(fields[1]).lowercased()] = String(fields[2]).lowercased()
        }
        var handWrittenPrefixes = Set<String>()
        for name in ["home", "tiny", "office"] {
            for device in try BuiltinFixtureTests.load(name).devices {
                handWrittenPrefixes.insert(String(device.mac.description.prefix(8)))
            }
        }
        let blocks = Dictionary(DeviceCatalog.kinds.flatMap(\.blocks).map { ($0.registrant, $0) }) { first, _ in first }
        #expect(blocks.count >= 50)
        for block in blocks.values {
            for prefix in block.prefixes {
                let organisation = registry[prefix.replacingOccurrences(of: ":", with: "")]
                #expect(
                    organisation?.contains(block.registrant.lowercased()) == true,
                    "\(prefix) is \(organisation ?? "unassigned"), not \(block.registrant)"
                )
                #expect(
                    !handWrittenPrefixes.contains(prefix) || block.registrant == "Synology Incorporated",
                    "\(prefix) copies a hand-written fixture"
                )
            }
        }
    }

    /// The catalog is consistent: each kind can be drawn somewhere, weights and shares are in
    /// range, every category of every profile has kinds, every profile has gateways.
    @Test("the catalog covers every category and profile")
    func catalog() {
        #expect(Set(DeviceCatalog.kinds.map(\.id)).count == DeviceCatalog.kinds.count, "kind ids are unique")
        for kind in DeviceCatalog.kinds {
            #expect(LANProfile.allCases.contains { $0.weight(of: kind) > 0 }, "\(kind.id) is never drawn")
            let shares =
                [kind.hostnameShare, kind.wiredShare, kind.closedShare, kind.echoShare, kind.wakeOnLANShare]
                + kind.features.map(\.share)
            #expect(shares.allSatisfy { (0...1).contains($0) }, "\(kind.id)")
            #expect(!kind.blocks.isEmpty && !kind.models.isEmpty, "\(kind.id)")
        }
        for profile in LANProfile.allCases {
            #expect(profile.categoryShares.map(\.percent).reduce(0, +) == 100)
            #expect(!DeviceCatalog.choices(.router, profile: profile, role: .gateway).isEmpty)
            for share in profile.categoryShares where share.percent > 0 {
                #expect(
                    !DeviceCatalog.choices(share.category, profile: profile).isEmpty,
                    "\(profile) has no \(share.category) kind"
                )
            }
        }
    }
}
