import Foundation

/// Finds the repository's data directories (`fixtures/`, `docs/`) at run time.
///
/// Order: `$SCANBENCH_HOME`, then the directories above the running executable (a build under
/// `.build/` sits inside the checkout), then the current directory.
public enum BuiltinFiles {
    public static func directory(_ relative: String) -> String {
        for root in roots() {
            let candidate = "\(root)/\(relative)"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return "\(FileManager.default.currentDirectoryPath)/\(relative)"
    }

    /// Names of the `.yaml` files in `directory` (without the extension), sorted; none when it is missing.
    public static func yamlNames(in directory: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func roots() -> [String] {
        var roots: [String] = []
        if let home = ProcessInfo.processInfo.environment["SCANBENCH_HOME"] { roots.append(home) }
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            roots.append(url.path)
        }
        roots.append(FileManager.default.currentDirectoryPath)
        return roots
    }
}
