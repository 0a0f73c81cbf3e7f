import Foundation

/// Links and names a report needs that are not in the results file.
public struct ReportOptions: Sendable, Equatable {
    /// The link from `reports/<name>/report.md` to docs/METRICS.md: the default, and what a report
    /// written outside any checkout gets.
    public static let committedMetricsDocLink = "../../docs/METRICS.md"

    /// Link from report.md to the metric definitions (docs/METRICS.md), relative to the report.
    public var metricsDocLink: String
    /// Link from report.md to the results file it was made from, relative to the report.
    public var resultsLink: String

    /// - Parameters:
    ///   - metricsDocLink: default `../../docs/METRICS.md`, right for `reports/<name>/report.md`.
    ///   - resultsLink: default `results.json`, a results file beside the report.
    public init(metricsDocLink: String = Self.committedMetricsDocLink, resultsLink: String = "results.json") {
        self.metricsDocLink = metricsDocLink
        self.resultsLink = resultsLink
    }

    /// The links for a report written into `directory` from the results file at `results`.
    ///
    /// The METRICS link goes to docs/METRICS.md of the checkout (the nearest directory upwards
    /// with a Package.swift) that holds `directory`. A directory in no checkout (a scratch
    /// directory, later copied into `reports/`) gets `committedMetricsDocLink`: never a path
    /// through the writing machine's file system, which would be wrong on every other machine.
    public init(directory: URL, results: URL) {
        let directory = directory.standardizedFileURL
        let metrics = Self.checkout(containing: directory).map {
            RelativeLink.path(from: directory, to: $0.appendingPathComponent("docs/METRICS.md"))
        }
        self.init(
            metricsDocLink: metrics ?? Self.committedMetricsDocLink,
            resultsLink: RelativeLink.path(from: directory, to: results)
        )
    }

    /// The nearest directory at or above `directory` with a Package.swift.
    static func checkout(containing directory: URL) -> URL? {
        var path = directory.standardizedFileURL.path
        while true {
            if FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("Package.swift")) {
                return URL(fileURLWithPath: path, isDirectory: true)
            }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { return nil }
            path = parent
        }
    }
}

/// Relative links between files, for Markdown written into one directory that points at others.
enum RelativeLink {
    /// The path of `target` as seen from `directory` ("../../docs/METRICS.md").
    static func path(from directory: URL, to target: URL) -> String {
        let from = directory.standardizedFileURL.pathComponents
        let to = target.standardizedFileURL.pathComponents
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        let parts = ups + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
