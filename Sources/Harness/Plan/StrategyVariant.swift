import Foundation
import StrictYAML
import AppInputs

/// A strategy to run: a preset or file, optionally with knobs changed (`--sweep`, `ablate`).
public struct StrategyVariant: Sendable, Equatable {
    /// One knob set to a new value: a dotted key path and its YAML value.
    public struct Override: Sendable, Equatable {
        public var key: String
        public var value: String

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Preset name or path as given.
    public var base: String
    /// The knobs changed from `base`, applied in order.
    public var overrides: [Override]
    /// A name to use instead of `stem[key=value,…]` (`ablate` names a knob set to a long list
    /// after the strategy it came from); nil for the default.
    public var label: String?

    public init(base: String, overrides: [Override] = [], label: String? = nil) {
        self.base = base
        self.overrides = overrides
        self.label = label
    }

    /// `base` with one knob changed.
    public init(base: String, override: (key: String, value: String)) {
        self.init(base: base, overrides: [Override(override.key, override.value)])
    }

    /// The base's file name without `.yaml`.
    public var stem: String {
        var stem = URL(fileURLWithPath: base).lastPathComponent
        for suffix in [".yaml", ".yml"] where stem.hasSuffix(suffix) { stem = String(stem.dropLast(suffix.count)) }
        return stem
    }

    /// Display name: the preset's name, with `[key=value,…]` for a variant.
    public var name: String {
        if let label { return label }
        guard !overrides.isEmpty else { return stem }
        return "\(stem)[\(overrides.map { "\($0.key)=\($0.value)" }.joined(separator: ","))]"
    }

    /// Parses `--sweep KEY=V1,V2,…` into one variant of `base` per value (no control: `SweepGrid`
    /// adds it, and makes grids of several knobs).
    /// - Throws: `HarnessError` when the text has no `=`, no values or a repeated one.
    public static func sweep(_ text: String, base: String) throws -> [StrategyVariant] {
        try SweepGrid([text]).points.map { StrategyVariant(base: base, overrides: $0) }
    }

    /// Writes the strategy file this variant runs (the base with the override applied) into
    /// `directory` and parses it with ScanKit, once.
    /// - Throws: `HarnessError` for an unknown key or a value the strategy refuses; ScanKit's
    ///   `YAMLInputError` when the base itself does not load.
    public func prepare(in directory: String) throws -> PreparedStrategy {
        let path = try StrategyLoader.resolve(base)
        // `platform.` keys change the platform profile (`PreparedPlatform`), not this file.
        let overrides = strategyOverrides
        guard !overrides.isEmpty else {
            return PreparedStrategy(variant: self, file: path, strategy: try StrategyLoader.load(path))
        }
        guard var overlay = try YAMLOverlay(text: String(contentsOfFile: path, encoding: .utf8)) else {
            throw HarnessError("\(path) is empty", fix: "give a strategy file with knobs")
        }
        for override in overrides {
            try overlay.set(override.value, at: override.key.split(separator: ".").map(String.init))
        }
        let output = "\(directory)/\(name.replacingOccurrences(of: "/", with: "_")).yaml"
        let changes = overrides.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
        try overlay.text(comment: "\(name): \(base) with \(changes) (scanbench)").write(
            toFile: output,
            atomically: true,
            encoding: .utf8
        )
        do {
            return PreparedStrategy(variant: self, file: output, strategy: try StrategyLoader.load(output))
        } catch {
            throw Refusal(
                changes: changes,
                loaderError: "\(error)",
                problem: (error as? YAMLInputError)?.message ?? "\(error)"
            )
        }
    }

    /// The strategy loader refused the file a variant's overrides gave: a value it does not take,
    /// or a knob that only makes sense together with another (`arp.enabled` and `pipeline.steps`).
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// The overrides, `key = value, …`.
        public var changes: String
        /// The loader's error, about the file the variant wrote (its path, line and fix).
        public var loaderError: String
        /// What the loader found wrong, without the file: `pipeline.steps: arp is enabled but in no step`.
        public var problem: String

        /// The whole error, with the written file to open.
        public var description: String {
            HarnessError(
                "\(changes) does not give a valid strategy:\n\(loaderError)",
                fix: "check the key path and value against docs/STRATEGIES.md"
            ).description
        }

        /// One line without paths: `arp.enabled = true does not give a valid strategy: pipeline.steps: …`.
        public var summary: String { "\(changes) does not give a valid strategy: \(problem)" }
    }

    /// `prepare(in:)`'s file: the path to pass to `scanbench-app --strategy`.
    public func materialize(in directory: String) throws -> String {
        try prepare(in: directory).file
    }
}
