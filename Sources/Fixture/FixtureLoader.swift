import Foundation
import StrictYAML
import Wire

/// Loads fixture files: strict decoding, then the checks that a schema alone cannot make.
public enum FixtureLoader {
    /// Directory of the built-in fixtures, found next to the executable's package checkout.
    public static let schemaDocument = "docs/FIXTURES.md"

    /// Loads and validates a fixture.
    /// - Parameter path: a file path, or the name of a built-in fixture (`home`, `tiny`, `office`,
    ///   a generated one such as `gen-home-25`; see `resolve`).
    /// - Throws: `YAMLInputError` naming the file, line and fix.
    public static func load(_ path: String) throws -> Fixture {
        let file = try resolve(path)
        let decoder = StrictYAMLDecoder(knownKeys: knownKeys, schemaDocument: schemaDocument)
        let (fixture, document) = try decoder.decode(Fixture.self, fromFile: file)
        try FixtureValidator(fixture: fixture, document: document).validate()
        return fixture
    }

    /// Loads from text (tests, stdin).
    public static func load(text: String, file: String) throws -> Fixture {
        let decoder = StrictYAMLDecoder(knownKeys: knownKeys, schemaDocument: schemaDocument)
        let (fixture, document) = try decoder.decode(Fixture.self, from: text, file: file)
        try FixtureValidator(fixture: fixture, document: document).validate()
        return fixture
    }

    /// Turns a built-in name into a path; paths pass through.
    ///
    /// A name is looked up as `fixtures/lans/<name>.yaml`, then as
    /// `fixtures/lans/generated/<name>.yaml` (the committed generated LANs), then as
    /// `fixtures/lans/wifi/<name>.yaml` (hand-written LANs with the generator's Wi-Fi behaviours
    /// drawn on), then as `fixtures/lans/faults/<name>.yaml` (one fault each), so `home`, `gen-home-25`, `generated/gen-home-25` and `home-wifi` all resolve. Anything ending in `.yaml`/`.yml`,
    /// and a path with a `/` that is no built-in, is used as given.
    public static func resolve(_ nameOrPath: String) throws -> String {
        if nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml") { return nameOrPath }
        let directory = BuiltinDirectory.locate("fixtures/lans")
        if nameOrPath.contains("/") {
            let candidate = "\(directory)/\(nameOrPath).yaml"
            let isBuiltin =
                !FileManager.default.fileExists(atPath: nameOrPath) && FileManager.default.fileExists(atPath: candidate)
            return isBuiltin ? candidate : nameOrPath
        }
        for candidate in ["\(directory)/\(nameOrPath).yaml"]
            + derivedDirectories.map({ "\(directory)/\($0)/\(nameOrPath).yaml" })
        where FileManager.default.fileExists(atPath: candidate) {
            return candidate
        }
        throw YAMLInputError(
            file: nameOrPath,
            message: "no built-in fixture named '\(nameOrPath)'",
            fix: "use one of: \(builtinNames().joined(separator: ", ")), or give a path to a .yaml file"
        )
    }

    /// Where the committed generated LANs live, under `fixtures/lans/`.
    public static let generatedDirectory = "generated"

    /// Where the hand-written LANs with Wi-Fi behaviours drawn on (`scanbench fixture wifi`) live,
    /// under `fixtures/lans/`.
    public static let wifiDirectory = "wifi"

    /// Where the small LANs with one fault each (the `faults` suite's) live, under `fixtures/lans/`.
    public static let faultsDirectory = "faults"

    /// The directories under `fixtures/lans/` whose files resolve by name, in lookup order.
    static let derivedDirectories = [generatedDirectory, wifiDirectory, faultsDirectory]

    /// The built-in names: the hand-written fixtures, then the generated ones, then the Wi-Fi ones.
    public static func builtinNames() -> [String] {
        let directory = BuiltinDirectory.locate("fixtures/lans")
        return BuiltinDirectory.yamlNames(in: directory)
            + derivedDirectories.flatMap { BuiltinDirectory.yamlNames(in: "\(directory)/\($0)") }
    }

    static let knownKeys: Set<String> = {
        var keys = Set<String>()
        func add<K: CaseIterable & CodingKey>(_: K.Type) { keys.formUnion(K.allCases.map(\.stringValue)) }
        add(Fixture.CodingKeys.self)
        add(Fixture.Network.CodingKeys.self)
        add(Fixture.Scanner.CodingKeys.self)
        add(Fixture.Upstream.CodingKeys.self)
        add(Fixture.RemoteServer.CodingKeys.self)
        add(Fixture.WhoisEntry.CodingKeys.self)
        add(Fixture.Device.CodingKeys.self)
        add(Fixture.LinkImpairment.CodingKeys.self)
        add(Fixture.BurstLoss.CodingKeys.self)
        add(Fixture.ARPBehaviour.CodingKeys.self)
        add(Fixture.PowerSave.CodingKeys.self)
        add(Fixture.DeepSleep.CodingKeys.self)
        add(Fixture.Leave.CodingKeys.self)
        add(Fixture.MDNSStorm.CodingKeys.self)
        add(Fixture.Hostile.CodingKeys.self)
        add(Fixture.ScannerWiFi.CodingKeys.self)
        add(Fixture.PathGap.CodingKeys.self)
        add(Fixture.Congestion.CodingKeys.self)
        add(Fixture.IPStack.CodingKeys.self)
        add(Fixture.TCPPorts.CodingKeys.self)
        add(Fixture.UDPService.CodingKeys.self)
        add(Fixture.MDNSService.CodingKeys.self)
        add(Fixture.SSDPService.CodingKeys.self)
        add(Fixture.HTTPEndpoint.CodingKeys.self)
        add(Fixture.Banner.CodingKeys.self)
        add(Fixture.UPnPDescription.CodingKeys.self)
        add(Fixture.AirPlayInfo.CodingKeys.self)
        add(Fixture.ChromecastInfo.CodingKeys.self)
        return keys
    }()
}
