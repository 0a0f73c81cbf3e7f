import Foundation

/// A rendered report as the integration tests read it.
enum ReportText {
    /// report.md (the decision) and the detail files beside it (report-*.md), report.md first: where
    /// a section of the report is, whichever file holds it.
    static func all(in directory: String) throws -> String {
        let details = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("report-") && $0.hasSuffix(".md") }.sorted()
        return try (["report.md"] + details).map { try String(contentsOfFile: "\(directory)/\($0)", encoding: .utf8) }
            .joined(separator: "\n")
    }
}
