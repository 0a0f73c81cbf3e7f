import Foundation
import StrictYAML
import AppInputs

/// The platform profile one strategy variant runs the app on, made ready once per job: the
/// job's `--platform` profile, or — for a variant with `platform.KEY=…` overrides
/// (`--sweep platform.callback_us=5,15,50`) — a copy of it with those values, written under
/// `OUT/platforms/` and loaded, so a bad value fails before any LAN comes up.
public struct PreparedPlatform: Sendable {
    /// The file `scanbench-app --platform` is given.
    public var file: String
    /// What ScanKit parsed from `file`.
    public var profile: PlatformProfile

    /// The file to pass to the app, or nil when the profile adds nothing (`linux`): the app then
    /// gets exactly the command line it got before profiles existed, and runs on its default.
    public var argument: String? { profile.isNeutral ? nil : file }

    /// The override key prefix that addresses the platform rather than the strategy.
    public static let overridePrefix = "platform."

    /// Loads `base` (a built-in name or path) and applies `overrides` (keys without the prefix,
    /// each a parameter whose `value` it sets).
    /// - Parameters:
    ///   - name: the variant's name, for the copy's file name.
    ///   - directory: where a copy with overrides is written.
    /// - Throws: `YAMLInputError` when the profile does not load; `HarnessError` for an unknown
    ///   parameter or a value the profile refuses.
    public static func prepare(
        base: String,
        overrides: [StrategyVariant.Override],
        name: String,
        in directory: String
    ) throws -> PreparedPlatform {
        let path = try PlatformProfileLoader.resolve(base)
        guard !overrides.isEmpty else {
            return PreparedPlatform(file: path, profile: try PlatformProfileLoader.load(path))
        }
        guard var overlay = try YAMLOverlay(text: String(contentsOfFile: path, encoding: .utf8)),
            overlay.node(at: [])?.mapping != nil
        else {
            throw HarnessError("\(path) is not a platform profile", fix: "give a profile file (docs/PLATFORMS.md)")
        }
        for override in overrides {
            guard PlatformProfile.parameterKeys.contains(override.key), overlay.node(at: [override.key])?.mapping != nil
            else {
                throw HarnessError(
                    "--sweep \(overridePrefix)\(override.key): the platform profile has no parameter '\(override.key)'",
                    fix:
                        "sweep one of \(PlatformProfile.parameterKeys.map { overridePrefix + $0 }.joined(separator: ", ")) (docs/PLATFORMS.md)"
                )
            }
            let names = PlatformProfile.valueNames[override.key] ?? [:]
            guard let number = names[override.value] ?? Double(override.value) else {
                throw HarnessError(
                    "--sweep \(overridePrefix)\(override.key)=\(override.value): not a number"
                        + (names.isEmpty ? "" : " or one of \(names.keys.sorted().joined(separator: ", "))"),
                    fix: names.isEmpty
                        ? "write numbers, e.g. --sweep \(overridePrefix)\(override.key)=5,15,50"
                        : "write e.g. --sweep \(overridePrefix)\(override.key)=\(names.keys.sorted().joined(separator: ","))"
                )
            }
            try overlay.set(
                names[override.value] == nil ? override.value : String(Int(number)),
                at: [override.key, "value"]
            )
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let output = "\(directory)/\(name.replacingOccurrences(of: "/", with: "_")).yaml"
        let changes = overrides.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
        try overlay.text(comment: "\(name): platform \(base) with \(changes) (scanbench)").write(
            toFile: output,
            atomically: true,
            encoding: .utf8
        )
        do {
            return PreparedPlatform(file: output, profile: try PlatformProfileLoader.load(output))
        } catch {
            throw HarnessError(
                "platform \(changes) does not give a valid profile:\n\(error)",
                fix: "check the value against the parameter's range in docs/PLATFORMS.md"
            )
        }
    }
}

extension StrategyVariant {
    /// The overrides that change the strategy file (every key not under `platform.`).
    public var strategyOverrides: [Override] { overrides.filter { !$0.key.hasPrefix(PreparedPlatform.overridePrefix) } }

    /// The overrides that change the platform profile, with the `platform.` prefix removed.
    public var platformOverrides: [Override] {
        overrides.filter { $0.key.hasPrefix(PreparedPlatform.overridePrefix) }
            .map { Override(String($0.key.dropFirst(PreparedPlatform.overridePrefix.count)), $0.value) }
    }
}
