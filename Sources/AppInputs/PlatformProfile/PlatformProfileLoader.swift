import Foundation
import StrictYAML

/// Loads platform profiles (`fixtures/platforms/NAME.yaml` or a path): strict decoding (unknown
/// keys and bad values refused with file, line and fix), then the checks of `validate`: every
/// parameter has a source or is an assumption with a sweep range, values in range.
public enum PlatformProfileLoader {
    /// Where the schema is documented; quoted in every fix.
    public static let schemaDocument = "docs/PLATFORMS.md"
    /// The profile used when none is given: this machine, nothing added.
    public static let defaultName = "linux"

    /// Loads a profile by path or by built-in name (`linux`, `iphone-a16`).
    /// - Throws: `YAMLInputError` naming the file, line and fix.
    public static func load(_ nameOrPath: String) throws -> PlatformProfile {
        let file = try resolve(nameOrPath)
        let (profile, document) = try decoder.decode(PlatformProfile.self, fromFile: file)
        try validate(profile, document: document)
        return profile
    }

    /// Loads from text (tests).
    /// - Throws: `YAMLInputError`.
    public static func load(text: String, file: String) throws -> PlatformProfile {
        let (profile, document) = try decoder.decode(PlatformProfile.self, from: text, file: file)
        try validate(profile, document: document)
        return profile
    }

    /// Turns a built-in name into a path under `fixtures/platforms/`; paths pass through.
    /// - Throws: `YAMLInputError` listing the built-in names when there is no such profile.
    public static func resolve(_ nameOrPath: String) throws -> String {
        try BuiltinDirectory.resolve(nameOrPath, in: directory(), kind: "platform profile")
    }

    /// Names of the profiles in `fixtures/platforms/`.
    public static func builtinNames() -> [String] { BuiltinDirectory.yamlNames(in: directory()) }

    /// `fixtures/platforms` (see `BuiltinDirectory`).
    public static func directory() -> String { BuiltinDirectory.locate("fixtures/platforms") }

    static var decoder: StrictYAMLDecoder {
        StrictYAMLDecoder(
            knownKeys: Set(
                PlatformProfile.CodingKeys.allCases.map(\.rawValue)
                    + PlatformProfile.Parameter.CodingKeys.allCases.map(\.rawValue)
            ),
            schemaDocument: schemaDocument
        )
    }

    /// The ranges the app can honour, per parameter key.
    static let ranges: [String: ClosedRange<Double>] = [
        "callback_us": 0...100_000, "connection_setup_us": 0...100_000, "publish_us": 0...100_000,
        "callback_pool_width": 0...64,
        "path_waiting": 0...1, "path_retry_delay_ms": 0...600_000,
        "max_flows": 0...1_000_000, "refused_connect": 0...1, "background_time_s": 0...3600,
    ]

    static func validate(_ profile: PlatformProfile, document: YAMLDocument) throws {
        if profile.name.isEmpty || profile.name.contains(where: { $0.isWhitespace || $0 == "/" }) {
            throw document.error(
                at: ["name"],
                "'\(profile.name)' is not a profile name",
                fix: "write one word: the file's stem, as in fixtures/platforms"
            )
        }
        for (key, parameter) in profile.parameters {
            let path: YAMLPath = [.key(key)]
            let range = ranges[key] ?? 0...Double.greatestFiniteMagnitude
            guard range.contains(parameter.value) else {
                throw document.error(
                    at: path.appending(key: "value"),
                    "\(parameter.value) is out of range",
                    fix: "write \(Int(range.lowerBound)) to \(Int(range.upperBound))"
                )
            }
            if key == "path_waiting" && parameter.value != parameter.value.rounded() {
                throw document.error(
                    at: path.appending(key: "value"),
                    "path_waiting is on or off",
                    fix: "write 1 (connections follow the path, as NWConnection's do) or 0 (no path observation)"
                )
            }
            if key == "callback_pool_width" && parameter.value != parameter.value.rounded() {
                throw document.error(
                    at: path.appending(key: "value"),
                    "a pool has a whole number of threads",
                    fix: "write an integer (0: no emulated pool)"
                )
            }
            if key == "max_flows" && parameter.value != parameter.value.rounded() {
                throw document.error(
                    at: path.appending(key: "value"),
                    "a process holds a whole number of flows",
                    fix: "write an integer (0: no limit but the process's file descriptors)"
                )
            }
            if key == "refused_connect" && parameter.value != parameter.value.rounded() {
                throw document.error(
                    at: path.appending(key: "value"),
                    "refused_connect is one of two reports",
                    fix: "write 0 (waiting(ECONNREFUSED)) or 1 (failed(ECONNREFUSED))"
                )
            }
            switch (parameter.source, parameter.assumption) {
            case (nil, nil):
                throw document.error(
                    at: path,
                    "the parameter says neither where its value comes from nor that it is assumed",
                    fix:
                        "add 'source: <document, session or measurement>' or 'assumption: <why>' with 'sweep: [low, high]'"
                )
            case (.some, .some):
                throw document.error(
                    at: path,
                    "the parameter has both a source and an assumption",
                    fix: "keep 'source' if the value is sourced, else keep 'assumption' and its 'sweep'"
                )
            case (.some(let source), nil) where source.trimmingCharacters(in: .whitespaces).isEmpty:
                throw document.error(
                    at: path.appending(key: "source"),
                    "the source is empty",
                    fix: "name the document, session or measurement"
                )
            case (nil, .some):
                guard let sweep = parameter.sweep, sweep.count == 2, sweep[0] <= sweep[1],
                    sweep.allSatisfy(range.contains)
                else {
                    throw document.error(
                        at: path.appending(key: "sweep"),
                        "an assumption needs a sweep range [low, high] within \(Int(range.lowerBound))–\(Int(range.upperBound))",
                        fix:
                            "add 'sweep: [low, high]', the range to measure it over (docs/PLATFORMS.md lists the sources found and what is left to sweep)"
                    )
                }
            default:
                break
            }
        }
    }
}
