import Foundation
import Testing
@testable import Report

/// The report's links must work wherever the report is read: relative to the report, inside
/// the checkout it was written in, never through the writing machine's file system.
@Suite("Report links")
struct ReportLinkTests {
    /// A scratch tree: ROOT/checkout/{Package.swift, docs/METRICS.md, reports/adr016/} and
    /// ROOT/scratch/run/adr016 (in no checkout).
    static func inScratchTree(_ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("report-links-\(UUID().uuidString)")
        let checkout = root.appendingPathComponent("checkout")
        try FileManager.default.createDirectory(
            at: checkout.appendingPathComponent("docs"),
            withIntermediateDirectories: true
        )
        try FileManager.default.createDirectory(
            at: checkout.appendingPathComponent("reports/adr016"),
            withIntermediateDirectories: true
        )
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("scratch/run/adr016"),
            withIntermediateDirectories: true
        )
        try Data().write(to: checkout.appendingPathComponent("Package.swift"))
        try Data().write(to: checkout.appendingPathComponent("docs/METRICS.md"))
        defer { try? FileManager.default.removeItem(at: root) }
        try body(root)
    }

    struct Case: Sendable, CustomStringConvertible {
        var directory: String
        var results: String
        var metricsLink: String
        var resultsLink: String
        var description: String { directory }
    }

    /// In a checkout: its own docs, however the directory is spelt. In no checkout (the committed
    /// reports/adr016/report.md linked `../../../work/main/docs/METRICS.md`: it was written outside
    /// any checkout and the link fell back to the working directory's checkout, a path of the
    /// machine that wrote it): the link that is right once the report is in reports/<name>/.
    @Test(arguments: [
        Case(
            directory: "checkout/reports/adr016",
            results: "checkout/reports/adr016/results.json",
            metricsLink: "../../docs/METRICS.md",
            resultsLink: "results.json"
        ),
        Case(
            directory: "checkout/reports/adr016/sub/./deeper/..",
            results: "checkout/reports/adr016/results.json",
            metricsLink: "../../../docs/METRICS.md",
            resultsLink: "../results.json"
        ),
        Case(
            directory: "scratch/run/adr016",
            results: "scratch/run/adr016/results.json",
            metricsLink: ReportOptions.committedMetricsDocLink,
            resultsLink: "results.json"
        ),
    ])
    func linksStayInsideTheCheckout(_ c: Case) throws {
        try Self.inScratchTree { root in
            let options = ReportOptions(
                directory: root.appendingPathComponent(c.directory),
                results: root.appendingPathComponent(c.results)
            )
            #expect(options.metricsDocLink == c.metricsLink)
            #expect(options.resultsLink == c.resultsLink)
        }
    }
}
