import Foundation
import StrictYAML

/// Finds a directory of built-in files (`fixtures/strategies`, `fixtures/sessions`): under
/// `$SCANBENCH_HOME`, else above the executable, else the current directory — the same search
/// the testbed uses for fixtures.
public enum BuiltinDirectory {
    /// The first existing `root/relative`, else `relative` under the current directory.
    public static func locate(_ relative: String) -> String {
        var roots: [String] = []
        if let home = ProcessInfo.processInfo.environment["SCANBENCH_HOME"] { roots.append(home) }
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            roots.append(url.path)
        }
        roots.append(FileManager.default.currentDirectoryPath)
        for root in roots where FileManager.default.fileExists(atPath: "\(root)/\(relative)") {
            return "\(root)/\(relative)"
        }
        return "\(FileManager.default.currentDirectoryPath)/\(relative)"
    }

    /// True when `text` names a file (has a slash or a YAML extension) rather than a built-in.
    public static func isPath(_ text: String) -> Bool {
        text.contains("/") || text.hasSuffix(".yaml") || text.hasSuffix(".yml")
    }

    /// A built-in name's file `directory/name.yaml`; paths pass through.
    /// - Parameter kind: what the files are, for the error ("strategy", "session script").
    /// - Throws: `YAMLInputError` listing the built-in names when there is no such file.
    public static func resolve(_ nameOrPath: String, in directory: String, kind: String) throws -> String {
        if isPath(nameOrPath) { return nameOrPath }
        let candidate = "\(directory)/\(nameOrPath).yaml"
        guard FileManager.default.fileExists(atPath: candidate) else {
            throw YAMLInputError(file: nameOrPath, message: "no built-in \(kind) named '\(nameOrPath)'",
                                 fix: "use one of: \(yamlNames(in: directory).joined(separator: ", ")), or give a path to a .yaml file")
        }
        return candidate
    }

    /// The `.yaml` names (without extension) in `directory`, sorted.
    public static func yamlNames(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }
}
