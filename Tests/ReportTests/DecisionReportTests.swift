import Foundation
import Testing
@testable import Report
import Results
import SyntheticRuns

@Suite("report.md: the decision first, the detail one link away")
struct DecisionReportTests {
    static let report = Report(document: ParetoReportTests.document)
    static let files = report.render()
    static let markdown = files[0].contents
    static let probe = MarkdownProbe(text: markdown)
    static let rows = probe.table(after: "## Decision", withColumn: "Recommended")

    @Test("report.md opens with the decision table: a row per fixture and scenario, then the suite")
    func opensWithTheDecision() throws {
        #expect(
            Self.markdown.hasPrefix("# ScanBench report\n\n## Decision\n\n| LAN · scenario | Recommended |"),
            "\(Self.markdown.prefix(200))"
        )
        #expect(
            Self.rows.map(\.[0]) == [
                "[home · scan](report-home-scan.md)", "[office · scan](report-office-scan.md)",
                "[gen-1 · scan](report-gen-1-scan.md)", "**[suite · scan](report-suite.md)** (3 LANs)",
            ]
        )
        #expect(Self.probe.header(after: "## Decision", withColumn: "Recommended").contains("Connections vs ref."))
        // The suite's chart, and nothing of the detail.
        #expect(Self.markdown.contains("](suite-medians-scan-pareto.svg)"))
        for detail in [
            "### Headline metrics", "### Device yield", "## Raw runs", "## Methodology", "## Suite summary",
            "**Verdict:**",
        ] {
            #expect(!Self.markdown.contains(detail), "report.md has \(detail)")
        }
    }

    @Test("the recommendation is the verdict's, with its cost beside the reference's and the front's trade-off")
    func recommendation() throws {
        let home = try #require(MarkdownProbe(text: "").row(Self.rows, "home · scan"))
        #expect(home[1] == "**`scanbench-best`**")
        #expect(home[2] == "28/28 vs 27/28")
        let session = { (strategy: String) in
            NumberFormat.decimal(
                ParetoReportTests.median("home", strategy) { Double($0.session!.connectionsCreated) },
                digits: 0
            )
        }
        #expect(home[3].hasPrefix("\(session("scanbench-best")) vs \(session("netmonitor-2.0")) ("), "\(home[3])")
        #expect(home.last == "none: it dominates every other strategy")
        // gen-1: scanbench-best failed there; the reference is the front's best finder, review-phase3 the cheaper one.
        let gen = try #require(MarkdownProbe(text: "").row(Self.rows, "gen-1 · scan"))
        #expect(gen[1] == "**`netmonitor-2.0` (the reference)**")
        #expect(gen[3].range(of: " vs ") == nil, "no comparison of the reference with itself: \(gen[3])")
        #expect(
            gen.last?.hasPrefix("`review-phase3` 25/28 at −") == true
                && gen.last?.hasSuffix("failed: `scanbench-best`") == true,
            "\(gen.last ?? "")"
        )
        // The verdict in the detail files names the same strategy.
        let detail = try #require(Self.files.first { $0.name == "report-gen-1-scan.md" }).contents
        #expect(detail.contains("`netmonitor-2.0` finds the most devices"))
        #expect(
            Self.markdown.contains("**Recommended:** the strategy on the Pareto front with the highest median recall")
        )
    }

    @Test("every link of report.md to a file of the report is to a file the report writes; each detail file links back")
    func detailOneLinkAway() throws {
        let names = Set(Self.files.map(\.name))
        let links = Self.markdown.components(separatedBy: "](").dropFirst().compactMap {
            $0.split(separator: ")").first.map(String.init)
        }
        .map { $0.components(separatedBy: "#")[0] }.filter { !$0.contains("/") && $0 != "results.json" }
        #expect(!links.isEmpty)
        for link in links { #expect(names.contains(link), "report.md links to \(link), which is not written") }
        for group in ["home", "office", "gen-1"] {
            let file = try #require(Self.files.first { $0.name == "report-\(group)-scan.md" }).contents
            #expect(
                file.contains("[report.md](report.md)") && file.contains("### Headline metrics")
                    && file.contains("### Device yield")
            )
            #expect(Self.markdown.contains("](report-\(group)-scan.md)"))
        }
        let methodology = try #require(Self.files.first { $0.name == "report-methodology.md" }).contents
        #expect(methodology.contains("## Pareto front") && methodology.contains("## Raw runs"))
        #expect(try #require(Self.files.first { $0.name == "report-suite.md" }).contents.contains("## Suite summary"))
    }

    @Test("costs against the reference: a percentage below twice, a factor from twice")
    func ratios() {
        #expect(Report.ratio(1_820, 3_063) == "−41\u{00A0}%")
        #expect(Report.ratio(5_265, 3_064) == "+72\u{00A0}%")
        #expect(Report.ratio(1_150, 142) == "×8.1")
        #expect(Report.ratio(4_040, 26) == "×155")
        #expect(Report.ratio(7, 7) == "=")
    }
}
