import Foundation
import Testing
@testable import Report
import Results
import SyntheticRuns

@Suite("expected outcomes per platform")
struct PlatformOutcomesTests {
    static let review = ["review-baseline", "review-phase2", "netmonitor-2.0", "scanbench-best"]
    static let heading = "## The review's expected outcomes, measured per platform"
    static let phone = PlatformRecord(
        name: "iphone-a16",
        device: "phone",
        sha256: "p1",
        parameters: [.init(key: "callback_us", value: 15, source: nil, assumption: "a", sweep: [5, 50])],
        neutral: false
    )

    /// The synthetic runs on linux, then the same runs again on the phone with `change` applied.
    static func twoPlatforms(_ change: (inout RunResult) -> Void = { _ in }) -> ResultsDocument {
        var document = SyntheticResults.document(strategies: review)
        document.environment.platform = phone
        let linux = document.runs.map { run -> RunResult in
            var copy = run
            copy.platform = "linux"
            return copy
        }
        let onPhone = linux.map { run -> RunResult in
            var copy = run
            copy.platform = "iphone-a16"
            copy.sequence += 100
            change(&copy)
            return copy
        }
        document.runs = linux + onPhone
        return document
    }

    @Test("one platform: the table is today's, with a column per strategy and no platform columns")
    func onePlatform() throws {
        let probe = MarkdownProbe(
            text: Report(document: SyntheticResults.document(strategies: Self.review)).allMarkdown()
        )
        #expect(!probe.text.contains(Self.heading))
        let rows = probe.table(
            after: "## The review's expected outcomes, measured",
            withColumn: "Review: before → after"
        )
        let ping = try #require(probe.row(rows, "Ping accuracy during scan"))
        #expect(ping.count == 9 && ping[6] == "yes")
    }

    @Test(
        "two platforms: a column each; a row that fails only on the phone says so, with both medians and the mechanism"
    )
    func twoPlatformColumns() throws {
        let document = Self.twoPlatforms { run in
            if run.strategy == "review-phase2" { run.metrics.ping?.vsWireAbsMsP95 = 12 }
        }
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let rows = probe.table(after: Self.heading, withColumn: "Review: before → after")
        #expect(rows.count == 14)
        // Columns: outcome, claim, linux, iphone-a16, mechanism, measured as.
        let ping = try #require(probe.row(rows, "Ping accuracy during scan"))
        #expect(ping.count == 6)
        #expect(ping[2] == "holds (phase 2 0.90 ms, baseline 380.00 ms)", "\(ping)")
        #expect(ping[3] == "**does not hold** (phase 2 12.00 ms, baseline 380.00 ms)", "\(ping)")
        #expect(
            ping[4].contains("`callback_us`") && ping[4].contains("differs by platform")
                && ping[4].contains("iphone-a16 12.00 ms")
        )
        let peak = try #require(probe.row(rows, "Peak connections"))
        #expect(peak[2].hasPrefix("holds") && peak[3].hasPrefix("holds") && !peak[4].contains("differs"))
        // Every other section splits by platform too.
        #expect(probe.text.contains("## `home` · scenario `scan` · platform `iphone-a16`"))
        #expect(probe.text.contains("## `home` · scenario `scan` · platform `linux`"))
        #expect(probe.text.contains("the runs on `linux` ran the app as it is"))
    }

    /// The phone's runs as a sweep of `platform.callback_us` over 5 and 50 around the profile's 15
    /// (the control), with `at(value, run)` setting each variant's numbers.
    static func swept(_ at: @escaping (String, inout RunResult) -> Void) -> ResultsDocument {
        var document = twoPlatforms { run in
            run.control = run.strategy
            run.overrides = [:]
        }
        let controls = document.runs.filter {
            $0.platform == "iphone-a16" && ["review-baseline", "review-phase2"].contains($0.strategy)
        }
        for value in ["5", "50"] {
            document.runs += controls.map { run in
                var copy = run
                copy.strategy = "\(run.strategy)[platform.callback_us=\(value)]"
                copy.overrides = ["platform.callback_us": value]
                copy.sequence += value == "5" ? 100 : 200
                at(value, &copy)
                return copy
            }
        }
        document.sweep = SweepDescription(
            knobs: [.init(key: "platform.callback_us", values: ["5", "50"])],
            controls: ["review-baseline", "review-phase2"]
        )
        return document
    }

    @Test(
        "a platform sweep: the row says where it flips, below or above the swept value, and lists the verdict at each"
    )
    func sweptThreshold() throws {
        let document = Self.swept { value, run in
            guard run.control == "review-phase2" else { return }
            if value == "50" { run.metrics.ping?.vsWireAbsMsP95 = 4 }  // a slower callback: the ping misses the bar
            if value == "5" { run.metrics.yield.found = 20 }  // (synthetic) too few devices at the low end
        }
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let rows = probe.table(after: Self.heading, withColumn: "Review: before → after")
        let ping = try #require(probe.row(rows, "Ping accuracy during scan"))
        #expect(ping[3].hasPrefix("holds only below `platform.callback_us` = 50 (5 yes, 15 yes, 50 no)"), "\(ping)")
        #expect(ping[2].hasPrefix("holds ("))  // linux has no sweep
        let devices = try #require(probe.row(rows, "Devices discovered"))
        #expect(
            devices[3].hasPrefix("holds only above `platform.callback_us` = 5 (5 no, 15 yes, 50 yes)"),
            "\(devices)"
        )
        let peak = try #require(probe.row(rows, "Peak connections"))
        #expect(peak[3].hasPrefix("holds at every swept `platform.callback_us`"), "\(peak)")
    }

    @Test("seven strategies: a table per platform puts every one against the review's bars, ✓ or ✗ per row")
    func everyPreset() throws {
        let seven = [
            "review-baseline", "review-phase1", "review-phase2", "review-phase3", "netmonitor-1.0", "netmonitor-2.0",
            "scanbench-best",
        ]
        var document = SyntheticResults.document(strategies: seven)
        document.runs = document.runs.map { run in
            var copy = run
            if run.strategy == "review-phase3" { copy.metrics.stack.connectionsCreated = 5_000 }
            return copy
        }
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let rows = probe.table(after: "### Every strategy against the review's bars", withColumn: "Bar")
        #expect(rows.count == 14)
        let connections = try #require(probe.row(rows, "Total connections per scan"))
        // Columns: outcome, bar, then the seven in schedule order.
        #expect(connections.count == 9 && connections[1] == "≤ 1,210")
        #expect(connections[5] == "5,000 ✗" && connections[4].hasSuffix("✓"), "\(connections)")
        // Four strategies (the review's) keep the report as it was.
        let four = MarkdownProbe(
            text: Report(document: SyntheticResults.document(strategies: Self.review)).allMarkdown()
        )
        #expect(!four.text.contains("### Every strategy against the review's bars"))
    }
}
