@testable import Fixture
import Foundation
import Testing
import Wire

/// `scanbench fixture wifi` and the files it wrote under `fixtures/lans/wifi/`: each regenerates
/// byte for byte from its header's command, keeps its hand-written source's LAN, and draws by the
/// generator's rules read off the hand-written devices.
@Suite("Wi-Fi fixture files")
struct WiFiFixtureFilesTests {
    static let root = BuiltinFixtureTests.packageRoot
    static let directory = root.appendingPathComponent("fixtures/lans/wifi").path
    static let committed = ["home-wifi": "home", "office-wifi": "office"]

    /// The options in a header's command line: `--flag value` pairs and the source argument.
    static func options(fromHeader text: String) throws -> (WiFiOverlay.Options, out: String?) {
        let prefix = "#   scanbench fixture wifi "
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) })
        var words = line.dropFirst(prefix.count).split(separator: " ").map(String.init)[...]
        var values: [String: String] = [:]
        var source: String?
        while let word = words.popFirst() {
            if word.hasPrefix("--") { values[word] = words.popFirst() } else { source = word }
        }
        let options = WiFiOverlay.Options(
            seed: try #require(UInt64(values["--seed"] ?? "")),
            profile: try #require(LANProfile(rawValue: values["--profile"] ?? "")),
            source: try #require(source),
            name: values["--name"]
        )
        return (options, values["--out"])
    }

    @Test(
        "each committed file is exactly what its header's command writes from its source",
        arguments: ["home-wifi", "office-wifi"]
    )
    func regenerates(name: String) throws {
        let text = try String(contentsOfFile: "\(Self.directory)/\(name).yaml", encoding: .utf8)
        let (options, out) = try Self.options(fromHeader: text)
        #expect(out == "fixtures/lans/wifi/\(name).yaml")
        #expect(options.name == name && options.source == "fixtures/lans/\(Self.committed[name]!).yaml")
        let base = try BuiltinFixtureTests.load(Self.committed[name]!)
        #expect(
            try WiFiOverlay.yaml(base, options: options, out: out) == text,
            "\(name).yaml is stale: run `\(options.commandLine(out: out))` and commit it"
        )
        #expect(try FixtureLoader.resolve(name).hasSuffix("fixtures/lans/wifi/\(name).yaml"))
    }

    @Test(
        "the drawn file is its source plus power_save, deep_sleep, scanner wifi and their notes",
        arguments: ["home-wifi", "office-wifi"]
    )
    func onlyAdds(name: String) throws {
        let drawn = try FixtureLoader.load(name)
        let base = try BuiltinFixtureTests.load(Self.committed[name]!)
        #expect(drawn.network.scanner.wifi?.roam != nil && drawn.network.scanner.wifi?.congestion != nil)
        #expect(drawn.devices.contains { $0.powerSave != nil })
        var stripped = drawn
        stripped.name = base.name
        stripped.description = base.description
        stripped.network.scanner.wifi = nil
        for index in stripped.devices.indices {
            let device = stripped.devices[index]
            if device.powerSave != nil || device.deepSleep != nil {
                let notes = try #require(device.notes)
                let cut = try #require(notes.range(of: " Wi-Fi drawn: ") ?? notes.range(of: "Wi-Fi drawn: "))
                stripped.devices[index].notes =
                    cut.lowerBound == notes.startIndex ? nil : String(notes[..<cut.lowerBound])
            }
            stripped.devices[index].powerSave = nil
            stripped.devices[index].deepSleep = nil
        }
        #expect(stripped == base)
    }

    /// A small LAN with one device per rule; the same devices drawn under 200 seeds.
    static func lan() throws -> Fixture {
        try FixtureLoader.load(
            text: """
                name: rules
                network:
                  subnet: 198.18.0.0/24
                  gateway: 198.18.0.1
                  scanner: {ip: 198.18.0.50, mac: "02:5b:00:00:00:32"}
                devices:
                  - {name: gateway, ip: 198.18.0.1, mac: "3c:a6:2f:4e:91:01", category: router, link: {delay_ms: 0.3}}
                  - {name: wired-esp, ip: 198.18.0.2, mac: "a4:cf:12:00:00:01", category: iot, link: {delay_ms: 0.4}}
                  - {name: wifi-esp, ip: 198.18.0.3, mac: "a4:cf:12:00:00:02", category: iot, link: {delay_ms: 5}}
                  - {name: dozing-phone, ip: 198.18.0.4, mac: "3c:22:fb:00:00:03", category: phone, link: {delay_ms: 6}, arp: {reply_delay_ms: 700, reply_probability: 0.5}}
                  - {name: arp-dropped, ip: 198.18.0.5, mac: "3c:22:fb:00:00:04", category: phone, link: {delay_ms: 6}, arp: {reply_probability: 0}}
                  - {name: ring-cam, ip: 198.18.0.6, mac: "54:e0:19:00:00:05", category: camera, link: {delay_ms: 4}}
                  - {name: nest-speaker, ip: 198.18.0.7, mac: "18:b4:30:00:00:06", category: speaker, link: {delay_ms: 4}}
                  - {name: laptop, ip: 198.18.0.8, mac: "88:66:5a:00:00:07", category: computer, link: {delay_ms: 3}}
                """,
            file: "rules.yaml"
        )
    }

    @Test(
        "the rules: wired and plain Wi-Fi devices draw nothing, dozing and Wi-Fi ESP devices buffer unicast, half the battery kinds sleep deeply"
    )
    func rules() throws {
        let base = try Self.lan()
        var sleeps = 0
        let seeds: [UInt64] = Array(1...200)
        for seed in seeds {
            let drawn = try WiFiOverlay.fixture(base, options: .init(seed: seed, profile: .home, source: "rules.yaml"))
            func device(_ name: String) -> Fixture.Device { drawn.devices.first { $0.name == name }! }
            for name in ["gateway", "wired-esp", "arp-dropped", "nest-speaker", "laptop"] {
                #expect(device(name).powerSave == nil && device(name).deepSleep == nil, "\(name), seed \(seed)")
            }
            let esp = try #require(device("wifi-esp").powerSave)
            #expect((1...3).contains(esp.beacons))
            let phone = try #require(device("dozing-phone").powerSave)
            #expect((1...5).contains(phone.beacons) && (50...300).contains(phone.timeoutMs))
            #expect(device("ring-cam").powerSave == nil)
            if let sleep = device("ring-cam").deepSleep {
                sleeps += 1
                #expect((5...30).contains(sleep.sleepS) && (2...10).contains(sleep.awakeS))
            }
        }
        // Binomial(200, 0.5): 100 ± 3.5 standard deviations.
        #expect((65...135).contains(sleeps), "\(sleeps) of 200 Ring cameras sleep deeply")
        let again = try WiFiOverlay.yaml(base, options: .init(seed: 7, profile: .home, source: "rules.yaml"))
        #expect(try WiFiOverlay.yaml(base, options: .init(seed: 7, profile: .home, source: "rules.yaml")) == again)
        #expect(try WiFiOverlay.yaml(base, options: .init(seed: 8, profile: .home, source: "rules.yaml")) != again)
    }

    @Test("a fixture that already has Wi-Fi behaviours, or a bad name, is refused")
    func refusals() throws {
        let drawn = try FixtureLoader.load("home-wifi")
        #expect(throws: FixtureError.self) {
            try WiFiOverlay.fixture(drawn, options: .init(seed: 1, profile: .home, source: "home-wifi"))
        }
        #expect(throws: FixtureError.self) {
            try WiFiOverlay.fixture(
                BuiltinFixtureTests.load("home"),
                options: .init(seed: 1, profile: .home, source: "home", name: "Home WiFi")
            )
        }
        #expect(
            WiFiOverlay.Options(seed: 4601, profile: .home, source: "fixtures/lans/home.yaml", name: "home-wifi")
                .commandLine(out: "x.yaml")
                == "scanbench fixture wifi --seed 4601 --profile home --name home-wifi fixtures/lans/home.yaml --out x.yaml"
        )
    }

    /// Every block is the registrant's in the IEEE registry the machine has, and every one of
    /// Espressif's MA-L blocks there is in the table.
    @Test("the vendor blocks are the registrants' own, per the installed IEEE registry")
    func vendorBlocks() throws {
        let text = try #require(
            try? String(contentsOfFile: "/usr/share/ieee-data/oui.csv", encoding: .utf8),
            "install ieee-data (scripts/bootstrap.sh does)"
        )
        var registry: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("MA-L,") {
            let fields = line.split(separator: ",", maxSplits: 2)
            guard fields.count == 3 else { continue }
            let hex = fields[1].lowercased()
            let prefix = [0, 2, 4].map { String(hex.dropFirst($0).prefix(2)) }.joined(separator: ":")
            registry[prefix] = fields[2].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        for (registrant, prefixes) in WiFiOverlayVendors.registrants {
            for prefix in prefixes {
                #expect(
                    registry[prefix]?.hasPrefix(registrant) == true,
                    "\(prefix) is \(registry[prefix] ?? "unassigned"), not \(registrant)"
                )
            }
            let listed = Set(registry.filter { $0.value.hasPrefix(registrant) }.keys)
            #expect(
                listed == prefixes,
                "\(registrant): the registry lists \(listed.subtracting(prefixes).sorted()) too"
            )
        }
    }
}
