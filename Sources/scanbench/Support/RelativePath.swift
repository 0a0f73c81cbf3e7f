import Foundation

/// Relative links between files, for Markdown written into one directory that points at others.
enum RelativePath {
    /// The path of `target` as seen from `directory` ("../../docs/METRICS.md").
    static func link(from directory: URL, to target: URL) -> String {
        let from = directory.standardizedFileURL.pathComponents
        let to = target.standardizedFileURL.pathComponents
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        let parts = ups + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
