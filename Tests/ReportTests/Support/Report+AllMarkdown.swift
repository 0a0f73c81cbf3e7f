@testable import Report

extension Report {
    /// report.md and every detail file beside it, in the order report.md links them: what tests that
    /// look for a section anywhere in the report read.
    func allMarkdown() -> String {
        markdownFiles().map(\.contents).joined(separator: "\n")
    }
}
