import Foundation
import Results

/// Every input a recorded baseline's numbers depend on besides the code a gate judges, with its
/// SHA-256: the fixture, suite, strategy, scenario and platform files its plan used, the fixture
/// model and generator (`Sources/Fixture`), the emulator (`Sources/Testbed`), and the classifier
/// with its tables (`Sources/Identity` and NetTools' classification files). Written beside the
/// results as `inputs.sha256` when the baseline is recorded (`scanbench baseline manifest`), in
/// `sha256sum`'s format (`sha256sum -c` checks it from the checkout's root); a baseline whose
/// manifest no longer matches its tree is stale (`scanbench baseline check`, `BaselineManifestTests`).
public struct InputsManifest: Sendable, Equatable {
    /// What an input is to the baseline.
    public enum Role: String, Sendable {
        case fixture, suite, strategy, scenario, platform, code
    }

    /// One input file: its path (relative to the checkout when inside it), hash and role.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var sha256: String
        public var role: Role
    }

    /// By path.
    public var entries: [Entry]

    /// The manifest's file name, beside the results it describes.
    public static let fileName = "inputs.sha256"
    /// Directories whose every file is an input: the fixture model and generator, the emulator,
    /// the classifier's public tables.
    public static let codeDirectories = ["Sources/Fixture", "Sources/Identity", "Sources/Testbed"]
    /// NetTools' classification: the classifier, the signals it reads and the tables it loads.
    public static let classifierFiles = [
        "Sources/NetTools/Probe/DeviceClassifier.swift", "Sources/NetTools/Probe/DeviceSignals.swift",
        "Sources/NetTools/Probe/NameNormaliser.swift", "Sources/NetTools/Probe/NmapDeviceTypes.swift",
        "Sources/NetTools/Probe/OUIRegistry.swift", "Sources/NetTools/Probe/ProbeSweep+Classify.swift",
    ]

    /// The inputs of `document` as they are now in the checkout at `root`.
    /// - Parameters:
    ///   - document: the baseline's results; its recorded plan names the files (without one, the
    ///     runs' fixture, strategy and scenario names, as built-ins).
    ///   - root: the checkout the baseline ships with.
    /// - Throws: `CompareInputError` naming an input that is not there.
    public static func current(of document: ResultsDocument, root: String) throws(CompareInputError) -> InputsManifest {
        var files: [(path: String, role: Role)] = []
        func add(_ path: String, _ role: Role) {
            if !files.contains(where: { $0.path == path }) { files.append((path, role)) }
        }
        let fixtures: [String], strategies: [RecordedPlan.Input], scenarios: [RecordedPlan.Input]
        if let plan = document.plan {
            fixtures = Self.unique(plan.matrices.flatMap(\.fixtures))
            strategies = Self.unique(plan.matrices.flatMap(\.strategies))
            scenarios = Self.unique(plan.matrices.flatMap(\.scenarios))
            for suite in Self.suites(listing: plan.fixtures, root: root) { add(suite, .suite) }
            add(
                plan.platform?.path ?? "fixtures/platforms/\(plan.platform?.name ?? PlatformRecord.defaultName).yaml",
                .platform
            )
        } else {
            fixtures = Self.unique(document.runs.map(\.fixture))
            strategies = Self.unique(document.runs.map { RecordedPlan.Input(name: $0.strategy) })
            scenarios = Self.unique(document.runs.map { RecordedPlan.Input(name: $0.scenario) })
            add(
                "fixtures/platforms/\(document.environment.platform?.name ?? PlatformRecord.defaultName).yaml",
                .platform
            )
        }
        for fixture in fixtures { add(Self.fixtureFile(fixture, root: root), .fixture) }
        for strategy in strategies { add(strategy.path ?? "fixtures/strategies/\(strategy.name).yaml", .strategy) }
        for scenario in scenarios { add(scenario.path ?? "fixtures/sessions/\(scenario.name).yaml", .scenario) }
        for directory in codeDirectories { for file in Self.files(under: directory, root: root) { add(file, .code) } }
        for file in classifierFiles { add(file, .code) }
        var entries: [Entry] = []
        for (path, role) in files {
            let absolute = Self.absolute(path, root: root)
            guard let data = FileManager.default.contents(atPath: absolute) else {
                throw CompareInputError(
                    "the \(role.rawValue) file \(path) the baseline's numbers depend on is not there",
                    fix: "restore it, or re-record the baseline with the inputs it has now"
                )
            }
            entries.append(
                Entry(path: Self.relative(absolute, root: root), sha256: SHA256.hex([UInt8](data)), role: role)
            )
        }
        return InputsManifest(entries: entries.sorted { $0.path < $1.path })
    }

    /// The manifest in `sha256sum`'s format: "HASH  PATH", one line per input, by path.
    public var text: String { entries.map { "\($0.sha256)  \($0.path)\n" }.joined() }

    /// A written manifest's hashes by path.
    /// - Throws: `CompareInputError` for a line that is not "HASH  PATH".
    public static func parse(_ text: String, file: String) throws(CompareInputError) -> [String: String] {
        var hashes: [String: String] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 64, parts[1].hasPrefix(" ") else {
                throw CompareInputError(
                    "\(file) line \(number + 1) is not 'SHA256  PATH'",
                    fix: "write it again: scanbench baseline manifest RESULTS"
                )
            }
            hashes[String(parts[1].dropFirst())] = String(parts[0])
        }
        return hashes
    }

    /// How this (the tree now) differs from a `recorded` manifest, one line per input: changed,
    /// new, or no longer an input; empty when the baseline matches its tree.
    /// - Parameter strategiesMayDiffer: leave strategy files out (a gate judges a strategy change).
    public func differences(from recorded: [String: String], strategiesMayDiffer: Bool = false) -> [String] {
        var lines: [String] = []
        let considered = entries.filter { !(strategiesMayDiffer && $0.role == .strategy) }
        for entry in considered {
            if let before = recorded[entry.path] {
                if before != entry.sha256 {
                    lines.append(
                        "\(entry.path) (\(entry.role.rawValue)) changed: sha256 \(before.prefix(12))… when recorded, \(entry.sha256.prefix(12))… now"
                    )
                }
            } else {
                lines.append(
                    "\(entry.path) (\(entry.role.rawValue)) is new: not an input when the baseline was recorded"
                )
            }
        }
        let skipped = Set(entries.filter { strategiesMayDiffer && $0.role == .strategy }.map(\.path))
        for path in recorded.keys.sorted()
        where !entries.contains(where: { $0.path == path }) && !skipped.contains(path) {
            lines.append("\(path) was an input when the baseline was recorded and is gone now")
        }
        return lines
    }

    /// `path` under `root` unless absolute.
    static func absolute(_ path: String, root: String) -> String { path.hasPrefix("/") ? path : "\(root)/\(path)" }

    /// `path` relative to `root` when inside it.
    static func relative(_ path: String, root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The file of a fixture name as `scanbench run` resolves it: a path, or a built-in under
    /// `fixtures/lans/` (hand-written, then the derived ones in its subdirectories: generated, wifi).
    static func fixtureFile(_ name: String, root: String) -> String {
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { return name }
        let lans = absolute("fixtures/lans", root: root)
        let derived = ((try? FileManager.default.contentsOfDirectory(atPath: lans)) ?? []).sorted().filter { entry in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: "\(lans)/\(entry)", isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        for candidate in ["fixtures/lans/\(name).yaml"] + derived.map({ "fixtures/lans/\($0)/\(name).yaml" })
        where FileManager.default.fileExists(atPath: absolute(candidate, root: root)) {
            return candidate
        }
        return name.contains("/") ? name : "fixtures/lans/\(name).yaml"
    }

    /// The suite files (`fixtures/suites/`) whose `fixtures:` list is exactly `fixtures`, in order:
    /// the plan records the fixtures a suite expanded to, not the suite's name.
    static func suites(listing fixtures: [String], root: String) -> [String] {
        files(under: "fixtures/suites", root: root).filter { path in
            guard let text = try? String(contentsOfFile: absolute(path, root: root), encoding: .utf8) else {
                return false
            }
            for line in text.split(separator: "\n") where line.hasPrefix("fixtures:") {
                let list = line.dropFirst("fixtures:".count).trimmingCharacters(in: .whitespaces)
                guard list.hasPrefix("["), let end = list.firstIndex(of: "]") else { return false }
                let names = list[list.index(after: list.startIndex)..<end].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                return names == fixtures
            }
            return false
        }
    }

    /// Every regular file under `directory` (relative to `root`), by path.
    static func files(under directory: String, root: String) -> [String] {
        let base = absolute(directory, root: root)
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let next = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(base)/\(next)", isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append("\(directory)/\(next)")
            }
        }
        return found.sorted()
    }

    private static func unique<T: Equatable>(_ items: [T]) -> [T] {
        var seen: [T] = []
        for item in items where !seen.contains(item) { seen.append(item) }
        return seen
    }
}
