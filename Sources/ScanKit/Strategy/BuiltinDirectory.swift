import Foundation

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

    /// The `.yaml` names (without extension) in `directory`, sorted.
    public static func yamlNames(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }
}
