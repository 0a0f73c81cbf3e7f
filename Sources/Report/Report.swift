import Foundation
import Results

/// The human-readable side of a results file: `report.md` (GitHub-flavoured Markdown) and the SVG
/// charts it links to.
///
/// Rendering is a pure function of the results document and the options: the same input gives
/// byte-identical files, so committed reports only change when the numbers do.
public struct Report: Sendable {
    public let document: ResultsDocument
    public let options: ReportOptions
    let groups: [RunGroup]
    /// Per scenario run on two fixtures or more, those fixtures together.
    let suites: [SuiteMedians]
    /// Whether these results recorded the whole session's cost (`metrics.session`; older files did
    /// not): decided once, read for every cost objective.
    let measuresSession: Bool

    /// The Markdown file's name.
    public static let markdownName = "report.md"

    public init(document: ResultsDocument, options: ReportOptions = ReportOptions()) {
        self.document = document
        self.options = options
        groups = RunGroup.groups(of: document.runs)
        suites = SuiteMedians.suites(of: groups)
        measuresSession = document.runs.contains { $0.metrics.session != nil }
    }

    /// report.md first, then the charts, in a fixed order.
    public func render() -> [ReportFile] {
        let charts = groups.flatMap(chartFiles) + paretoChartFiles() + sweepChartFiles()
        return [ReportFile(name: Self.markdownName, contents: markdown())] + charts
    }

    /// Writes every file into `directory` (created when missing), replacing files of the same names.
    /// - Returns: the paths written.
    /// - Throws: a `CocoaError` from the file system, e.g. when the directory is not writable.
    @discardableResult
    public func write(to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try render().map { file in
            let path = (directory as NSString).appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return path
        }
    }

    /// The whole Markdown document.
    public func markdown() -> String {
        var sections: [String] = []
        sections.append("# ScanBench report\n")
        sections.append(verdictSection())
        sections.append(overviewLine())
        sections.append(ablationSection())
        sections.append(sweepSection())
        sections.append(tuneSection())
        sections.append(paretoSection())
        sections.append(suiteSummarySection())
        for group in groups {
            sections.append(groupSection(group))
        }
        sections.append(accuracySection())
        sections.append(lookupToolsSection())
        sections.append(hangSection())
        sections.append(expectedOutcomesSection())
        if !document.peers.isEmpty { sections.append(peersSection()) }
        sections.append(methodologySection())
        sections.append(rawRunsSection())
        return sections.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private func overviewLine() -> String {
        let failed = document.runs.filter { $0.status != .ok }.count
        let generated = ISO8601DateFormatter().string(from: document.generatedAt)
        var line = "From [\(options.resultsLink)](\(options.resultsLink)) (schema \(document.schemaVersion)), generated \(generated): "
        line += "\(document.runs.count) runs"
        if failed > 0 { line += " (\(failed) failed or timed out, left out of every median)" }
        line += ", \(document.environment.repetitions) repetitions per strategy, reference strategy \(Inline.code(document.referenceStrategy)). "
        line += "Metric definitions: [docs/METRICS.md](\(options.metricsDocLink)).\n"
        let drops = document.runs.reduce(0) { $0 + $1.metrics.wire.captureDrops }
        if drops > 0 {
            line += "\n> [!WARNING]\n> The capture dropped \(drops) packets over all runs; wire counts are lower bounds where it did (see the raw runs).\n"
        }
        let unconfigured = document.runs.reduce(0) { $0 + ($1.metrics.wire.emulatorWriteFailures ?? 0) }
        if unconfigured > 0 {
            line += "\n> [!WARNING]\n> The emulated LAN failed to deliver \(unconfigured) frames over all runs (TAP write failures: loss no fixture configured); "
                + "the runs where it happened measured a lossier LAN than the fixture describes (see the raw runs).\n"
        }
        return line
    }

    private func groupSection(_ group: RunGroup) -> String {
        var text = "## \(group.heading)\n\n"
        text += headlineTables(group)
        let repeatability = repeatabilityTable(group)
        if !repeatability.isEmpty { text += "\n" + repeatability }
        text += "\n" + chartLinks(group)
        text += "\n" + yieldMatrix(group)
        text += "\n" + missedDevices(group)
        let categories = categoryTable(group)
        if !categories.isEmpty { text += "\n" + categories }
        let budget = budgetTable(group)
        if !budget.isEmpty { text += "\n" + budget }
        let floor = floorTable(group)
        if !floor.isEmpty { text += "\n" + floor }
        let phases = phaseTable(group)
        if !phases.isEmpty { text += "\n" + phases }
        text += "\n" + latencyTable(group)
        text += "\n" + namesTable(group)
        let confusion = categoryConfusion(group)
        if !confusion.isEmpty { text += "\n" + confusion }
        return text
    }
}
