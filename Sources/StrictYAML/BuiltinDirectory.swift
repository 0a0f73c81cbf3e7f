import Foundation

/// Finds the repository's data directories (`fixtures/lans`, `fixtures/strategies`,
/// `fixtures/sessions`, `fixtures/suites`, the checkout itself): under `$SCANBENCH_HOME`, else in
/// the directories above the running executable (a build under `.build/` sits inside the
/// checkout), else the current directory. One search for every loader of built-in YAML.
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
            let names = yamlNames(in: directory)
            throw YAMLInputError(
                file: nameOrPath,
                message: "no built-in \(kind) named '\(nameOrPath)'",
                fix: names.isEmpty
                    ? "give a path to a \(kind) .yaml file (no built-ins under \(directory))"
                    : "use one of: \(names.joined(separator: ", ")), or give a path to a .yaml file"
            )
        }
        return candidate
    }

    /// The `.yaml` names (without extension) in `directory`, sorted.
    public static func yamlNames(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }
}
