import Foundation
import Testing
@testable import Gate
import Results

@Suite("thresholds file")
struct ThresholdsTests {
    @Test("a file overrides only the metrics it names")
    func overrides() throws {
        let json =
            #"{"alpha": 0.05, "null_exceedance": 0.1, "metrics": {"wire.tcp_attempts": {"relative_percent": 2}, "duration_s": {"gate": false}}}"#
        let thresholds = try Thresholds.parse(Data(json.utf8), source: "t.json")
        #expect(thresholds.alpha == 0.05 && thresholds.nullExceedance == 0.1)
        #expect(thresholds.threshold(.tcpAttempts) == MetricThreshold(relativePercent: 2))
        #expect(thresholds.threshold(.duration).gate == false)
        #expect(thresholds.threshold(.found) == MetricThreshold(absolute: 0))
        #expect(thresholds.threshold(.packets) == MetricThreshold(relativePercent: 5))
    }

    @Test("every tested metric has a documented default, and only those")
    func defaultsCoverEveryTestedMetric() {
        for metric in Metric.gated {
            #expect(Thresholds.defaultMetrics[metric.id] != nil, "\(metric.id) has no default")
        }
        #expect(Thresholds.defaultMetrics.count == Metric.gated.count)
        #expect(Thresholds.defaults.alpha == 0.01 && Thresholds.defaults.nullExceedance == 0.05)
    }

    @Test(
        "mistakes are refused with a fix",
        arguments: [
            (#"{"alpah": 0.05}"#, "t.json:1:2: unknown key 'alpah'"),
            (#"{"metrics": {"wire.tcp_atempts": {"relative_percent": 5}}}"#, "unknown metric \"wire.tcp_atempts\""),
            (#"{"metrics": {"cpu_s": {"gate": false}}}"#, "cpu_s is shown by compare, not tested"),
            (#"{"min_effect_size": 0.474}"#, "min_effect_size is no longer used"),
            (#"{"null_exceedance": 0}"#, "null_exceedance must be"),
            (#"{"metrics": {"wire.tcp_attempts": {"relative": 5}}}"#, "unknown key 'relative'"),
            (#"{"metrics": {"wire.tcp_attempts": {"relative_percent": "five"}}}"#, "expected"),
            ("{\"alpha\": 0.05,\n \"null_exceedance\": 2}", "t.json:2:"),
            (#"{"metrics": {"wire.tcp_attempts": {"absolute": -1}}}"#, "negative"),
            (#"{"metrics": {"wire.tcp_attempts": {"gate": "no"}}}"#, "expected"),
            (#"{"alpha": 2}"#, "alpha must be"),
            ("[1, 2]", "t.json:1:1: (top level): expected a mapping"),
        ]
    )
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
