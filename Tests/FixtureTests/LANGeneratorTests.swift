@testable import Fixture
import Foundation
import StrictYAML
import Testing
import Wire

/// `scanbench fixture generate`: replayable, valid for every seed, size and subnet, addresses as
/// docs/FIXTURES.md states, clear refusals.
@Suite("LAN generator")
struct LANGeneratorTests {
    static func options(
        _ seed: UInt64,
        _ devices: Int,
        _ subnet: String = "/24",
        _ profile: LANProfile = .home
    ) throws -> LANGeneratorOptions {
        LANGeneratorOptions(
            seed: seed,
            devices: devices,
            subnet: try LANGeneratorOptions.parseSubnet(subnet),
            profile: profile
        )
    }

    @Test("the same options give the same bytes; another seed gives another LAN")
    func replayable() throws {
        for profile in LANProfile.allCases {
            let first = try LANGenerator.yaml(Self.options(42, 80, "/23", profile), out: "x.yaml")
            let second = try LANGenerator.yaml(Self.options(42, 80, "/23", profile), out: "x.yaml")
            #expect(first == second)
            let other = try LANGenerator.yaml(Self.options(43, 80, "/23", profile), out: "x.yaml")
            #expect(other != first)
            // Not only the header: the devices differ.
            let a = try LANGenerator.fixture(Self.options(42, 80, "/23", profile)).devices
            let b = try LANGenerator.fixture(Self.options(43, 80, "/23", profile)).devices
            #expect(a.map(\.mac) != b.map(\.mac) && a.map(\.ip) != b.map(\.ip))
        }
    }

    /// A digest of one generated file, computed once and written here: it changes only when the
    /// generator does (then `LANGenerator.version` must change and the committed files be
    /// regenerated). Catches a draw that depends on dictionary order or the process.
    @Test("the output is fixed across processes and machines")
    func fixedOutput() throws {
        let text = try LANGenerator.yaml(Self.options(2024, 40, "/23", .home))
        #expect(
            Self.fnv1a(text) == Self.expectedDigest,
            "digest \(String(Self.fnv1a(text), radix: 16)); version \(LANGenerator.version)"
        )
    }

    static let expectedDigest: UInt64 = 0xa561_43f4_be8c_b6c2

    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// Every profile × subnet × a spread of sizes (1–64 devices), 34 seeds each (306 fixtures):
    /// written, read back by `FixtureLoader` (all its checks) and equal to what was generated.
    /// Larger sizes: `extremes` and the committed files. (Reading YAML costs about 1 ms per device
    /// in a debug build, hence the sizes.)
    @Test("every generated fixture loads and validates", arguments: LANProfile.allCases)
    func everyFixtureValidates(profile: LANProfile) throws {
        for subnet in ["/24", "/23", "198.19.64.0/22"] {
            let network = try LANGeneratorOptions.parseSubnet(subnet)
            for seed in UInt64(0)..<34 {
                let devices = 1 + Int(seed * 37 % 64)
                let options = LANGeneratorOptions(seed: seed, devices: devices, subnet: network, profile: profile)
                let generated = try LANGenerator.fixture(options)
                let text = try LANGenerator.yaml(options)
                let loaded = try FixtureLoader.load(text: text, file: "seed-\(seed).yaml")
                #expect(loaded == generated, "\(options.commandLine())")
                #expect(loaded.devices.count == devices)
            }
        }
    }

    @Test("the extremes: 1000 devices on a /22, one device on a /30, the largest /24")
    func extremes() throws {
        for (devices, subnet) in [(1000, "/22"), (1, "/30"), (253, "/24"), (509, "/23")] {
            let options = try Self.options(9, devices, subnet, .office)
            let loaded = try FixtureLoader.load(text: LANGenerator.yaml(options), file: "x.yaml")
            #expect(loaded.devices.count == devices)
        }
    }

    @Test("gateway at .1, scanner in the lowest /24, every device in the subnet; in a /23 about half in the upper /24")
    func addresses() throws {
        var upper = 0
        var total = 0
        for seed in UInt64(0)..<50 {
            let fixture = try LANGenerator.fixture(Self.options(seed, 100, "/23", .office))
            let subnet = fixture.network.subnet
            #expect(fixture.network.gateway == IPv4Address(198, 18, 0, 1))
            #expect(fixture.devices[0].ip == fixture.network.gateway && fixture.devices[0].category == .router)
            let scanner = fixture.network.scanner.ip.octets
            #expect(scanner[2] == 0 && (2...254).contains(scanner[3]))
            #expect(
                fixture.devices.allSatisfy {
                    subnet.contains($0.ip) && $0.ip != subnet.address && $0.ip != subnet.broadcast
                }
            )
            #expect(fixture.devices.map(\.ip) == fixture.devices.map(\.ip).sorted())
            upper += fixture.devices.filter { $0.ip.octets[2] == 1 }.count
            total += fixture.devices.count - 1
        }
        // 99 × 50 placements, each in the upper /24 with probability 255/509 ≈ 0.501: ±3.29 σ.
        let share = Double(upper) / Double(total)
        let sigma = (0.501 * 0.499 / Double(total)).squareRoot()
        #expect(abs(share - 255.0 / 509.0) < 3.29 * sigma, "upper-/24 share \(share)")
        let other = try LANGenerator.fixture(Self.options(1, 30, "198.19.4.0/22"))
        #expect(other.network.gateway == IPv4Address(198, 19, 4, 1))
        #expect(other.network.scanner.ip.octets[2] == 4)
    }

    @Test("category counts are the expected counts rounded up or down, and add up")
    func categoryCountsRound() throws {
        for profile in LANProfile.allCases {
            for seed in UInt64(0)..<30 {
                let devices = 2 + Int(seed * 13 % 150)
                let fixture = try LANGenerator.fixture(Self.options(seed, devices, "/23", profile))
                for share in profile.categoryShares {
                    let count = fixture.devices.dropFirst().filter { $0.category == share.category }.count
                    let expected = Double(share.percent * (devices - 1)) / 100
                    #expect(
                        Double(count) >= expected.rounded(.down) && Double(count) <= expected.rounded(.up),
                        "\(profile) seed \(seed): \(count) \(share.category) for \(expected) expected"
                    )
                }
            }
        }
    }

    @Test("names: gateway, then category-nn; MACs unicast and unique, host names unique")
    func names() throws {
        let fixture = try LANGenerator.fixture(Self.options(5, 300, "/23", .office))
        #expect(fixture.devices[0].name == "gateway")
        #expect(
            fixture.devices.dropFirst().allSatisfy {
                $0.name.range(of: #"^[a-z]+-\d{2,3}$"#, options: .regularExpression) != nil
            }
        )
        #expect(fixture.devices.contains { $0.name == "computer-001" }, "three digits when a category has 100 or more")
        #expect(Set(fixture.devices.map(\.mac)).count == fixture.devices.count)
        let hostnames = fixture.devices.compactMap { $0.hostname?.lowercased() }
        #expect(Set(hostnames).count == hostnames.count)
        #expect(
            LANGenerator.deviceNames([.router, .phone, .iot, .phone]) == ["gateway", "phone-01", "iot-01", "phone-02"]
        )
    }

    @Test("refusals say what is wrong and how to fix it")
    func refusals() throws {
        func refusal(_ options: () throws -> LANGeneratorOptions) -> FixtureError? {
            do {
                _ = try options().validated()
                return nil
            } catch {
                return error as? FixtureError
            }
        }
        let zero = refusal { try Self.options(1, 0) }
        #expect(zero?.message.contains("--devices 0") == true && zero?.fix.contains("1 to 1000") == true)
        #expect(refusal { try Self.options(1, 1001, "/20") }?.fix.contains("1 to 1000") == true)
        let small = refusal { try Self.options(1, 300) }
        #expect(small?.message == "a /24 holds at most 253 devices besides the scanner; 300 were asked for")
        #expect(small?.fix.contains("--subnet /23") == true)
        #expect(refusal { try Self.options(1, 10, "192.168.1.0/24") }?.fix.contains("198.18.0.0/15") == true)
        #expect(refusal { try Self.options(1, 1, "/31") } != nil)
        #expect(refusal { LANGeneratorOptions(seed: 1, devices: 5, name: "My LAN") }?.fix.contains("--name") == true)
        #expect(throws: FixtureError.self) { try LANGeneratorOptions.parseSubnet("198.18.0.5/23") }
        #expect(throws: FixtureError.self) { try LANGeneratorOptions.parseSubnet("big") }
        #expect(try LANGeneratorOptions.parseSubnet("23") == IPv4Network("198.18.0.0/23")!)
        #expect(throws: FixtureError.self) { try LANGenerator.fixture(LANGeneratorOptions(seed: 1, devices: 254)) }
    }

    @Test("the header gives the command that regenerates the file")
    func header() throws {
        let options = LANGeneratorOptions(
            seed: 7,
            devices: 12,
            subnet: IPv4Network("198.18.0.0/23")!,
            profile: .denseIoT,
            name: "lab"
        )
        let text = try LANGenerator.yaml(options, out: "lab.yaml")
        #expect(
            text.hasPrefix(
                "# Generated by ScanBench's LAN generator (version \(LANGenerator.version)); do not edit, regenerate with:\n"
                    + "#   scanbench fixture generate --seed 7 --devices 12 --subnet /23 --profile dense-iot --name lab --out lab.yaml\n"
            )
        )
        #expect(text.range(of: #"\d{4}-\d{2}-\d{2}"#, options: .regularExpression) == nil, "no dates")
    }

    /// The writer's rule is StrictYAML's one rule, which the harness's knob values use in flow
    /// context (`[a, b]`): there too every string reads back as itself.
    @Test("plain-or-quoted scalars read back as the same strings in a flow list")
    func scalarsReadBackInFlowContext() throws {
        struct Values: Codable { var values: [String] }
        let words = [
            "Living Room", "/x/y", "a+b", "_ipp._tcp", "netmask", "yes", "1.0", "a: b", "x #y", "[TV] Den", "a, b",
            "{x}",
            "say \"hi\"", "-x", " x", "x ",
        ]
        let text = "values: [" + words.map(YAMLScalar.plainOrDoubleQuoted).joined(separator: ", ") + "]\n"
        let (decoded, _) = try StrictYAMLDecoder(knownKeys: ["values"], schemaDocument: "test").decode(
            Values.self,
            from: text,
            file: "flow.yaml"
        )
        #expect(decoded.values == words)
        #expect(words.prefix(5).allSatisfy { YAMLScalar.plainOrDoubleQuoted($0) == $0 }, "plain where it can be")
    }

    @Test("strings YAML could misread are quoted; numbers print with fixed decimals")
    func scalars() {
        #expect(FixtureYAMLWriter.scalar("Living Room") == "Living Room")
        #expect(FixtureYAMLWriter.scalar("_ipp._tcp") == "_ipp._tcp")
        for risky in [
            "yes", "No", "on", "1.0", "02:5b:00:00:00:32", "a: b", "x #y", "Emma’s iPhone", "", " x", "[TV] Den", "-x",
        ] {
            #expect(FixtureYAMLWriter.scalar(risky).hasPrefix("\""), "\(risky)")
        }
        #expect(FixtureYAMLWriter.scalar("say \"hi\"\n") == #""say \"hi\"\n""#)
        #expect(NumberText.decimal(0.1 + 0.2) == "0.3")
        #expect(NumberText.decimal(102.4) == "102.4")
        #expect(NumberText.decimal(5) == "5")
        #expect(NumberText.decimal(-0.125) == "-0.125")
    }
}
