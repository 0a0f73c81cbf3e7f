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

    /// report.md first, then its detail files, then the charts, in a fixed order.
    public func render() -> [ReportFile] {
        let charts = groups.flatMap(chartFiles) + paretoChartFiles() + sweepChartFiles()
        return markdownFiles() + charts
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

    /// report.md: the decision (one table, one chart), any ablation, sweep or tune, then links to
    /// the detail files beside it. Everything else is in `detailFiles()`.
    public func markdown() -> String {
        var sections: [String] = []
        sections.append("# ScanBench report\n")
        sections.append(decisionSection())
        sections.append(overviewLine())
        sections.append(faultsSection())
        sections.append(ablationSection())
        sections.append(sweepSection())
        sections.append(tuneSection())
        sections.append(detailLinks())
        return sections.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// report.md, then the detail files in the order report.md links them.
    public func markdownFiles() -> [ReportFile] {
        [ReportFile(name: Self.markdownName, contents: markdown())]
            + detailFiles().map { ReportFile(name: $0.name, contents: $0.contents()) }
    }

    /// A detail file: its name, what report.md's link says, and its Markdown (rendered when asked:
    /// report.md lists the files without rendering them).
    struct DetailFile {
        var name: String
        var label: String
        var contents: () -> String
    }

    /// Per fixture and scenario one file (its verdict, front, headline tables, device yield and the
    /// rest); one for the suites; one for the tools, hangs and expected outcomes; one for the
    /// definitions, methodology and raw runs. Only the files with something in them.
    func detailFiles() -> [DetailFile] {
        var files = groups.map { group in
            DetailFile(
                name: detailName(group),
                label: group.title,
                contents: {
                    detailPage(
                        group.title,
                        [verdictLine(verdict(group)), groupParetoSection(group), groupSection(group)]
                    )
                }
            )
        }
        if !suites.isEmpty {
            files.append(
                DetailFile(
                    name: Self.suiteDetailName,
                    label: "the suite: fronts and summary across the LANs",
                    contents: {
                        detailPage(
                            "the suite",
                            [verdictLines(suites.compactMap(verdict)), suiteParetoSection(), suiteSummarySection()]
                        )
                    }
                )
            )
        }
        let tools = toolSections()
        if tools.contains(where: { !$0.isEmpty }) {
            files.append(
                DetailFile(
                    name: Self.toolsDetailName,
                    label: "tools, hangs, the review's expected outcomes and the seeds' claims",
                    contents: { detailPage("tools and outcomes", tools) }
                )
            )
        }
        files.append(
            DetailFile(
                name: Self.methodologyDetailName,
                label: "definitions (Pareto front), methodology and every run",
                contents: {
                    detailPage("methodology", [paretoDefinitionSection(), methodologySection(), rawRunsSection()])
                }
            )
        )
        return files
    }

    /// The sections across fixtures: tool accuracy, lookup tools, hangs, expected outcomes, the
    /// seeds' claims, peers.
    private func toolSections() -> [String] {
        var sections = [
            accuracySection(), lookupToolsSection(), hangSection(), expectedOutcomesSection(), seedClaimsSection(),
        ]
        if !document.peers.isEmpty { sections.append(peersSection()) }
        return sections
    }

    static let suiteDetailName = "report-suite.md"
    static let toolsDetailName = "report-tools.md"
    static let methodologyDetailName = "report-methodology.md"

    /// "report-home-scan.md".
    func detailName(_ group: RunGroup) -> String { "report-\(group.slug).md" }

    private func detailPage(_ title: String, _ sections: [String]) -> String {
        var text = "# ScanBench report · \(title)\n\n"
        text += "Detail of [report.md](\(Self.markdownName)), from [\(options.resultsLink)](\(options.resultsLink)). "
        text += "Metric definitions: [docs/METRICS.md](\(options.metricsDocLink)).\n"
        return ([text] + sections.filter { !$0.isEmpty }).joined(separator: "\n")
    }

    private func verdictLine(_ sentence: String?) -> String {
        sentence.map { "**Verdict:** " + $0 + "\n" } ?? ""
    }

    private func verdictLines(_ sentences: [String]) -> String {
        switch sentences.count {
        case 0: ""
        case 1: verdictLine(sentences[0])
        default: "**Verdict:**\n\n" + sentences.map { "- " + $0 }.joined(separator: "\n") + "\n"
        }
    }

    /// The links from report.md to its detail files.
    private func detailLinks() -> String {
        var text = "## Detail\n\n"
        text += "Each LAN · scenario in the table links to its own file: its verdict, Pareto front, headline metrics, "
        text += "repeatability, charts, device yield, missed devices, categories and the rest. Across them:\n\n"
        let perGroup = Set(groups.map(detailName))
        text +=
            detailFiles().filter { !perGroup.contains($0.name) }.map { "- [\($0.label)](\($0.name))" }.joined(
                separator: "\n"
            ) + "\n"
        return text
    }

    private func overviewLine() -> String {
        let failed = document.runs.filter { $0.status != .ok }.count
        let generated = ISO8601DateFormatter().string(from: document.generatedAt)
        var line =
            "From [\(options.resultsLink)](\(options.resultsLink)) (schema \(document.schemaVersion)), generated \(generated): "
        line += "\(document.runs.count) runs"
        if failed > 0 { line += " (\(failed) failed or timed out, left out of every median)" }
        line +=
            ", \(document.environment.repetitions) repetitions per strategy, reference strategy \(Inline.code(document.referenceStrategy)). "
        line += "Metric definitions: [docs/METRICS.md](\(options.metricsDocLink)).\n"
        let drops = document.runs.reduce(0) { $0 + $1.metrics.wire.captureDrops }
        if drops > 0 {
            line +=
                "\n> [!WARNING]\n> The capture dropped \(drops) packets over all runs; wire counts are lower bounds where it did (see the raw runs).\n"
        }
        let unconfigured = document.runs.reduce(0) { $0 + ($1.metrics.wire.emulatorWriteFailures ?? 0) }
        if unconfigured > 0 {
            line +=
                "\n> [!WARNING]\n> The emulated LAN failed to deliver \(unconfigured) frames over all runs (TAP write failures: loss no fixture configured); "
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
