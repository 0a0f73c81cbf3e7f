import Foundation
import Testing
@testable import Report
import Results

@Suite("thresholds file")
struct ThresholdsTests {
    @Test("a file overrides only the metrics it names")
    func overrides() throws {
        let json = #"{"alpha": 0.01, "min_effect_size": 0.33, "metrics": {"wire.tcp_attempts": {"relative_percent": 2}, "cpu_s": {"gate": false}}}"#
        let thresholds = try Thresholds.parse(Data(json.utf8), source: "t.json")
        #expect(thresholds.alpha == 0.01 && thresholds.minEffectSize == 0.33)
        #expect(thresholds.threshold(.tcpAttempts) == MetricThreshold(relativePercent: 2))
        #expect(thresholds.threshold(.cpu).gate == false)
        #expect(thresholds.threshold(.recall) == MetricThreshold(absolute: 0))
        #expect(thresholds.threshold(.packets) == MetricThreshold(relativePercent: 5))
    }

    @Test("every known metric has a documented default")
    func defaultsCoverEveryMetric() {
        for metric in Metric.all { #expect(Thresholds.defaultMetrics[metric.id] != nil, "\(metric.id) has no default") }
        #expect(Thresholds.defaults.alpha == 0.05 && Thresholds.defaults.minEffectSize == 0.474)
    }

    @Test("mistakes are refused with a fix", arguments: [
        (#"{"alpah": 0.05}"#, "unknown key \"alpah\""),
        (#"{"metrics": {"wire.tcp_atempts": {"relative_percent": 5}}}"#, "unknown metric \"wire.tcp_atempts\""),
        (#"{"metrics": {"wire.tcp_attempts": {"relative": 5}}}"#, "unknown key \"relative\""),
        (#"{"metrics": {"wire.tcp_attempts": {"relative_percent": "5"}}}"#, "wrong type"),
        (#"{"metrics": {"wire.tcp_attempts": {"absolute": -1}}}"#, "negative"),
        (#"{"alpha": 2}"#, "alpha must be"),
        ("[1, 2]", "not a JSON object"),
    ])
    func refused(json: String, message: String) {
        do {
            _ = try Thresholds.parse(Data(json.utf8), source: "t.json")
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.message.hasPrefix("t.json"))
            #expect(!error.fix.isEmpty)
        }
    }

    @Test("a missing file is an input error")
    func missingFile() {
        #expect(throws: CompareInputError.self) { try Thresholds.load("/nonexistent/thresholds.json") }
    }
}
