import Foundation
import Testing
@testable import Report
import Results
import SyntheticRuns

@Suite("predict's what-if table")
struct PredictionReportTests {
    static let document = SyntheticResults.document(
        strategies: ["review-baseline", "netmonitor-2.0", "scanbench-best"],
        repetitions: 3,
        toolScenarios: false
    )

    static func report(survey: Bool, document: ResultsDocument = document) -> PredictionReport {
        PredictionReport(
            capture: "lan.pcapng",
            isSurvey: survey,
            surveyLines: [
                survey ? "a valid survey" : "NOT a survey", "could not see: TCP ports never asked on any device",
            ],
            leftOut: ["HTTP and UPnP description content"],
            document: document
        )
    }

    @Test("rows go most devices found first, each the median of its runs, out of the twin's devices")
    func rowsByDevicesFound() throws {
        let rows = Self.report(survey: true).rows
        let found = rows.map { $0.medians[0] ?? -1 }
        #expect(found == found.sorted(by: >))
        for row in rows {
            let values = Self.document.runs.filter { $0.strategy == row.strategy }.map {
                Double($0.metrics.yield.found)
            }
            #expect(row.medians[0] == values.sorted()[values.count / 2], "\(row.strategy): the median of 3 runs")
            #expect(row.runs == 3)
        }
        #expect(rows.last?.strategy == "review-baseline")
    }

    @Test("a capture that is not a survey is said to give a lower bound, with what it could not see")
    func notASurvey() {
        let text = Self.report(survey: false).markdown()
        #expect(text.contains("**The capture is not a survey**"))
        #expect(text.contains("lower bound"))
        #expect(text.contains("- could not see: TCP ports never asked on any device"))
        #expect(text.contains("- HTTP and UPnP description content"))
        #expect(!Self.report(survey: true).markdown().contains("not a survey**"))
    }

    @Test("a strategy none of whose runs ended is listed last, not dropped")
    func failedStrategy() throws {
        var document = Self.document
        for index in document.runs.indices where document.runs[index].strategy == "scanbench-best" {
            document.runs[index].status = .failed
        }
        let report = Self.report(survey: true, document: document)
        #expect(report.rows.last?.strategy == "scanbench-best")
        #expect(report.markdown().contains("| `scanbench-best` | no run ended |"))
    }
}
