import Testing
@testable import Report
import Results
import SyntheticRuns

/// `phases_s`, `wire.mdns_packets` and `peak_threads` were recorded in results.json and shown
/// nowhere; the per-LAN "Phases, mDNS and threads" table shows their medians.
@Suite("report.md: phases, mDNS and threads")
struct ReportPhaseTableTests {
    /// The synthetic document with the three metrics set: `tcp_probe` only for some strategies, and
    /// values that differ by run so a wrong aggregate (first run, mean) shows.
    static func document() -> ResultsDocument {
        var document = SyntheticResults.document()
        for i in document.runs.indices {
            var metrics = document.runs[i].metrics
            metrics.phasesS = ["arp": 1.0 + Double(i % 3)]
            if document.runs[i].strategy.hasPrefix("review") { metrics.phasesS["tcp_probe"] = 10.0 * Double(i % 3 + 1) }
            metrics.wire.mdnsPackets = 40 + 10 * (i % 3)
            metrics.peakThreads = 7 + i % 3
            document.runs[i].metrics = metrics
        }
        return document
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    @Test(
        "each strategy's row holds the median seconds per phase, the median mDNS packets and peak threads; an absent phase is a dash"
    )
    func table() throws {
        let document = Self.document()
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let heading = "### Phases, mDNS and threads"
        let header = probe.header(after: heading, withColumn: "`arp` [s]")
        let rows = probe.table(after: heading, withColumn: "`arp` [s]")
        let arp = try #require(header.firstIndex(of: "`arp` [s]"))
        let tcp = try #require(header.firstIndex(of: "`tcp_probe` [s]"))
        let mdns = try #require(header.firstIndex(of: "mDNS packets"))
        let threads = try #require(header.firstIndex(of: "Peak threads"))
        for strategy in ["review-baseline", "scanbench-best"] {
            let runs = document.runs.filter { $0.strategy == strategy && $0.status == .ok }.map(\.metrics)
            let row = try #require(probe.row(rows, "`\(strategy)`"), "\(strategy) has a row")
            #expect(row[arp] == NumberFormat.decimal(Self.median(runs.compactMap { $0.phasesS["arp"] }), digits: 2))
            #expect(
                row[tcp]
                    == (strategy == "scanbench-best"
                        ? "—"
                        : NumberFormat.decimal(Self.median(runs.compactMap { $0.phasesS["tcp_probe"] }), digits: 2))
            )
            #expect(row[mdns] == NumberFormat.decimal(Self.median(runs.map { Double($0.wire.mdnsPackets) }), digits: 0))
            #expect(row[threads] == NumberFormat.decimal(Self.median(runs.map { Double($0.peakThreads) }), digits: 0))
        }
        #expect(!header.contains(Metric.flowLimitWaits.header), "no run waited for a flow: no column")
    }

    @Test("a run with connections in waiting(ENOMEM) adds the flow-limit column: each strategy's median")
    func flowLimitColumn() throws {
        var document = Self.document()
        for i in document.runs.indices where document.runs[i].strategy == "review-baseline" {
            document.runs[i].metrics.stack.waitingByError = ["ENOMEM": 200 + 10 * (i % 3), "ECONNREFUSED": 5]
        }
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let heading = "### Phases, mDNS and threads"
        let header = probe.header(after: heading, withColumn: "`arp` [s]")
        let rows = probe.table(after: heading, withColumn: "`arp` [s]")
        let column = try #require(header.firstIndex(of: Metric.flowLimitWaits.header), "\(header)")
        let runs = document.runs.filter { $0.strategy == "review-baseline" && $0.status == .ok }
        let expected = Self.median(runs.map { Double($0.metrics.stack.waitingByError?["ENOMEM"] ?? 0) })
        #expect(try #require(probe.row(rows, "`review-baseline`"))[column] == NumberFormat.decimal(expected, digits: 0))
        // A run that kept no map (a file before it) is not measured; one with an empty map waited for none.
        #expect(try #require(probe.row(rows, "`scanbench-best`"))[column] == "not measured")
    }
}
