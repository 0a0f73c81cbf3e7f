import Foundation
import Testing
@testable import Report
import Results
import SyntheticRuns

/// A suite of three fixtures, built so each rule shows:
/// - `home`: `scanbench-best` dominates every other strategy;
/// - `office`: `netmonitor-2.0` reaches 90 % far sooner, a trade-off that puts it on the front next to
///   `scanbench-best`, whose 100 connections make the chart's x range span more than 10 ×;
/// - `gen-1`: `scanbench-best` times out once (failed there and over the suite), and
///   `review-baseline` has no categories measured (that objective is left out on `gen-1`).
/// Only `scanbench-best` finds every discoverable device, so only it reaches 100 %.
@Suite("Pareto front and suite summary in report.md")
struct ParetoReportTests {
    static let strategies = ["review-baseline", "review-phase3", "netmonitor-2.0", "scanbench-best"]
    static let fixtures = ["home", "office", "gen-1"]

    static let document: ResultsDocument = {
        var document = SyntheticResults.suite(fixtures, strategies: strategies)
        for index in document.runs.indices {
            let run = document.runs[index]
            switch (run.fixture, run.strategy) {
            case ("office", "netmonitor-2.0"): document.runs[index].metrics.timeTo90PercentS = 2
            case ("office", "scanbench-best"):
                document.runs[index].metrics.stack.connectionsCreated = 100
                SyntheticResults.resession(&document.runs[index].metrics)
            case ("gen-1", "review-baseline"): document.runs[index].metrics.names.categoryCorrect = nil
            case ("gen-1", "scanbench-best") where run.repetition == 2:
                document.runs[index].status = .timedOut
                document.runs[index].error = "scanner did not exit within 120 s"
            default: break
            }
        }
        return document
    }()
    static let files = Report(document: document).render()
    static let markdown = Report(document: document).allMarkdown()
    static let probe = MarkdownProbe(text: markdown)

    /// The median of `value` over the successful runs of a strategy on a fixture, computed here
    /// independently of the report.
    static func median(_ fixture: String, _ strategy: String, _ value: (RunMetrics) -> Double) -> Double {
        let values = document.runs.filter { $0.fixture == fixture && $0.strategy == strategy && $0.status == .ok }.map {
            value($0.metrics)
        }
        return middle(values)
    }

    static func middle(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func svg(_ name: String) throws -> String {
        try #require(files.first { $0.name == name }).contents
    }

    @Test(
        "per fixture, the table shows the objectives' medians, the front, and every strategy that dominates each other one"
    )
    func fixtureFront() throws {
        let office = Self.probe.table(after: "## Front on `office` · scenario `scan`", withColumn: "Pareto")
        let header = Self.probe.header(after: "## Front on `office` · scenario `scan`", withColumn: "Pareto")
        #expect(
            header == [
                "Strategy", "Recall ↑", "TCP attempts (session) ↓", "Packets (session) ↓", "Connections (session) ↓",
                "Airtime (session, est.) [ms] ↓", "Time to 90 % [s] ↓", "Time to 100 % [s] ↓", "Host names correct ↑",
                "Categories correct ↑",
                "Time to categories [s] ↓", "CPU [s] ↓", "Pareto",
            ]
        )
        let nm = try #require(Self.probe.row(office, "`netmonitor-2.0`"))
        #expect(nm.last == "**front**")
        #expect(nm[6] == "2.0")
        #expect(nm[7] == "not reached", "it finds 27 of 28 devices in every run")
        #expect(
            nm[2]
                == NumberFormat.decimal(
                    Self.median("office", "netmonitor-2.0") { Double($0.session!.tcpAttempts) },
                    digits: 0
                ),
            "the session's attempts: the scan's and the classify step's"
        )
        #expect(
            Self.median("office", "netmonitor-2.0") { Double($0.session!.tcpAttempts) }
                > Self.median("office", "netmonitor-2.0") { Double($0.wire.tcpAttempts) },
            "the step's attempts are counted"
        )
        #expect(try #require(Self.probe.row(office, "`scanbench-best`")).last == "**front**")
        #expect(try #require(Self.probe.row(office, "`review-phase3`")).last == "dominated by `scanbench-best`")
        #expect(
            try #require(Self.probe.row(office, "`review-baseline`")).last
                == "dominated by `review-phase3`, `netmonitor-2.0`, `scanbench-best`"
        )
        let home = Self.probe.table(after: "## Front on `home` · scenario `scan`", withColumn: "Pareto")
        #expect(home.filter { $0.last == "**front**" }.map(\.[0]) == ["`scanbench-best`"])
    }

    @Test(
        "a failure is the worst case and says so; an objective not measured for one strategy is left out for all, and named"
    )
    func failureAndMissingObjective() throws {
        let section = try #require(
            Self.markdown.components(separatedBy: "## Front on `gen-1` · scenario `scan`").dropFirst().first?
                .components(separatedBy: "\n### ").first
        )
        let rows = Self.probe.table(after: "## Front on `gen-1` · scenario `scan`", withColumn: "Pareto")
        let best = try #require(Self.probe.row(rows, "`scanbench-best`"))
        #expect(
            best.last
                == "**failed** (1 of 3 runs timed out): counted as dominated by `review-baseline`, `review-phase3`, `netmonitor-2.0`"
        )
        #expect(try #require(Self.probe.row(rows, "`review-baseline`"))[9] == "not measured")
        #expect(
            section.contains("Left out of this comparison: Categories correct, not measured for `review-baseline`.")
        )
        // Missing a device is no missing number: time to 100 % is compared, as the worst value.
        #expect(try #require(Self.probe.row(rows, "`review-baseline`"))[7] == "not reached")
        #expect(
            section.contains(
                "Time to 100 % not reached — a discoverable device missed — by `review-baseline` (3 of 3 runs), "
                    + "`review-phase3` (3 of 3 runs), `netmonitor-2.0` (3 of 3 runs)."
            )
        )
        // review-phase3 (fewer attempts) and netmonitor-2.0 (more devices) trade off once scanbench-best is out.
        #expect(rows.filter { $0.last == "**front**" }.map(\.[0]) == ["`review-phase3`", "`netmonitor-2.0`"])
        // Only gen-1 lost the objective.
        #expect(Self.markdown.components(separatedBy: "Left out of this comparison").count == 2)
        if Metric.named("names.category_correct") == nil {
            #expect(Self.markdown.contains("Not an objective yet: `names.category_correct`"))
        }
    }

    @Test(
        "over the suite, each number is the median across fixtures of the per-fixture medians, and a failure anywhere is a failure"
    )
    func suiteFront() throws {
        let rows = Self.probe.table(
            after: "## Front over the suite · scenario `scan` (3 fixtures)",
            withColumn: "Pareto"
        )
        #expect(rows.count == 4)
        let phase3 = try #require(Self.probe.row(rows, "`review-phase3`"))
        let perFixture = Self.fixtures.map { fixture in
            Self.median(fixture, "review-phase3") { Double($0.session!.tcpAttempts) }
        }
        #expect(phase3[2] == NumberFormat.decimal(Self.middle(perFixture), digits: 0))
        // review-baseline's categories are over the two fixtures that measured them: the mean of the middle two.
        let baseline = try #require(Self.probe.row(rows, "`review-baseline`"))
        let categories = ["home", "office"].map { fixture in
            Self.median(fixture, "review-baseline") { Double($0.names.categoryCorrect ?? -1) }
        }
        #expect(baseline[9] == NumberFormat.decimal((categories[0] + categories[1]) / 2, digits: 0))
        #expect(baseline[7] == "not reached")
        #expect(
            try #require(Self.probe.row(rows, "`scanbench-best`"))[7]
                == NumberFormat.decimal(
                    Self.middle(
                        Self.fixtures.map { fixture in Self.median(fixture, "scanbench-best") { $0.timeTo100PercentS! }
                        }
                    ),
                    digits: 1
                )
        )
        #expect(
            try #require(Self.probe.row(rows, "`scanbench-best`")).last
                == "**failed** (`gen-1`: 1 of 3 runs timed out): counted as dominated by `review-baseline`, `review-phase3`, `netmonitor-2.0`"
        )
        #expect(rows.filter { $0.last == "**front**" }.map(\.[0]) == ["`review-phase3`", "`netmonitor-2.0`"])
    }

    @Test(
        "the suite summary gives per strategy the median across fixtures and the worst fixture, by each metric's direction"
    )
    func suiteSummary() throws {
        let rows = Self.probe.table(after: "## Suite summary", withColumn: "`scanbench-best`")
        let header = Self.probe.header(after: "## Suite summary", withColumn: "`scanbench-best`")
        let nm = try #require(header.firstIndex(of: "`netmonitor-2.0`"))
        let best = try #require(header.firstIndex(of: "`scanbench-best`"))
        let runs = try #require(Self.probe.row(rows, "Runs ok"))
        #expect(runs[nm] == "9/9")
        #expect(runs[best] == "8/9<br>`gen-1`: 1 of 3 runs timed out")
        // Recall is the same on every fixture; TCP attempts are worst on the largest LAN (gen-1: 2 ×).
        #expect(try #require(Self.probe.row(rows, "Recall ↑"))[nm] == "0.96<br>same on every fixture")
        let attempts = try #require(Self.probe.row(rows, "TCP attempts ↓"))
        let perFixture = Self.fixtures.map { fixture in
            Self.median(fixture, "netmonitor-2.0") { Double($0.wire.tcpAttempts) }
        }
        #expect(
            attempts[nm]
                == "\(NumberFormat.decimal(Self.middle(perFixture), digits: 0))<br>worst \(NumberFormat.decimal(perFixture.max()!, digits: 0)) · `gen-1`"
        )
        // Host names correct: the same count on every fixture.
        #expect(try #require(Self.probe.row(rows, "Host names correct ↑"))[nm] == "23<br>same on every fixture")
        // Time to 90 %: office's 2 s is the best, so the worst is elsewhere (gen-1, slowest timings).
        #expect(try #require(Self.probe.row(rows, "Time to 90 % [s] ↓"))[nm].hasSuffix("· `gen-1`"))
        let categories = try #require(Self.probe.row(rows, "Categories correct ↑"))
        #expect(categories[header.firstIndex(of: "`review-baseline`")!].hasSuffix("<br>2 of 3 fixtures"))
        #expect(try #require(Self.probe.row(rows, "Time to 100 % [s] ↓"))[nm] == "not reached<br>same on every fixture")
        // Every headline metric has a row, and the Pareto objectives the headline lacks.
        for metric in Report(document: Self.document).suiteSummaryMetrics {
            #expect(Self.probe.row(rows, metric.header) != nil, "no row for \(metric.id)")
        }
        #expect(
            Self.probe.row(rows, "Connections created ↓") != nil
                && Self.probe.row(rows, "Connections (session) ↓") != nil
        )
    }

    @Test(
        "the verdict: one sentence per fixture and one for the suite, naming the front or the one dominating strategy, and every cost"
    )
    func verdict() throws {
        // Each detail file opens with its verdict: one per fixture, one for the suite.
        let lines = Self.markdown.components(separatedBy: "\n").filter { $0.hasPrefix("**Verdict:** ") }.map {
            "- " + $0.dropFirst(13)
        }
        #expect(lines.count == 4)
        for line in lines {
            #expect(line.hasSuffix(".") && !line.dropLast().contains(". "), "more than one sentence: \(line)")
            if line.contains("TCP attempts") {
                #expect(
                    line.contains("connections, ") && line.contains("packets, ") && line.contains("over the session"),
                    "\(line)"
                )
            }
        }
        let session = { (key: (RunMetrics) -> Double) in
            NumberFormat.decimal(Self.median("home", "scanbench-best", key), digits: 0)
        }
        let cost =
            "\(session { Double($0.session!.connectionsCreated) }) connections, \(session { Double($0.session!.packets) }) packets, "
            + "\(session { Double($0.session!.tcpAttempts) }) TCP attempts over the session; the scan alone: 330 connections, \(session { Double($0.wire.packets) }) packets"
        #expect(
            lines[0].hasPrefix(
                "- on home · scan: `scanbench-best` dominates every other strategy on the Pareto objectives: it finds the most devices (28/28, recall 1.00) with the fewest connections (\(cost))"
            ),
            "\(lines[0])"
        )
        #expect(
            lines[1].hasPrefix(
                "- on office · scan: the Pareto front is `netmonitor-2.0` and `scanbench-best` (2 dominated): `scanbench-best` finds the most devices"
            ),
            "\(lines[1])"
        )
        #expect(lines[1].contains("against the reference `netmonitor-2.0` ("))
        #expect(
            lines[2].hasPrefix(
                "- on gen-1 · scan: the Pareto front is `review-phase3` and `netmonitor-2.0` (1 dominated; `scanbench-best` failed, counted as dominated): `netmonitor-2.0` finds the most devices"
            ),
            "\(lines[2])"
        )
        #expect(lines[2].contains("; `review-phase3` costs less ("), "\(lines[2])")
        #expect(
            lines[3].hasPrefix(
                "- over the suite of 3 fixtures, scenario `scan`: the Pareto front is `review-phase3` and `netmonitor-2.0` (1 dominated; `scanbench-best` failed, counted as dominated): `netmonitor-2.0` has the highest median recall (recall 0.96)"
            ),
            "\(lines[3])"
        )
        #expect(lines[3].hasSuffix("; medians across the 3 fixtures of each fixture's medians."))
    }

    @Test("strategies equal on every objective share the front, and the verdict says so")
    func ties() throws {
        var document = SyntheticResults.document(
            strategies: ["review-phase3", "netmonitor-1.0", "netmonitor-2.0"],
            peers: false
        )
        let twin = document.runs.filter { $0.strategy == "netmonitor-2.0" }
        for index in document.runs.indices where document.runs[index].strategy == "netmonitor-1.0" {
            document.runs[index].metrics = twin.first { $0.repetition == document.runs[index].repetition }!.metrics
        }
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let rows = probe.table(after: "## Front on", withColumn: "Pareto")
        let tie = " on every objective (equal, or within their runs' spread)"
        #expect(try #require(probe.row(rows, "`netmonitor-1.0`")).last == "**front**, tied with `netmonitor-2.0`" + tie)
        #expect(try #require(probe.row(rows, "`netmonitor-2.0`")).last == "**front**, tied with `netmonitor-1.0`" + tie)
        #expect(
            probe.text.contains(
                "**Verdict:** on `home`: the Pareto front is `review-phase3`, `netmonitor-1.0` and `netmonitor-2.0` "
                    + "(`netmonitor-1.0` and `netmonitor-2.0` tie on every objective): `netmonitor-1.0` finds the most devices"
            )
        )
    }

    /// `netmonitor-2.0` and `scanbench-best` with the same numbers in every run (`scanbench-best`'s),
    /// then `change` applied to `netmonitor-2.0`'s metrics of repetition r (1…3): its Pareto row.
    static func rival(_ change: (inout RunMetrics, Int) -> Void) throws -> (rows: [[String]], text: String) {
        var document = SyntheticResults.document(
            strategies: ["netmonitor-2.0", "scanbench-best"],
            peers: false,
            toolScenarios: false
        )
        let best = document.runs.filter { $0.strategy == "scanbench-best" }
        for index in document.runs.indices where document.runs[index].strategy == "netmonitor-2.0" {
            let repetition = document.runs[index].repetition
            var metrics = try #require(best.first { $0.repetition == repetition }).metrics
            change(&metrics, repetition)
            SyntheticResults.resession(&metrics)
            document.runs[index].metrics = metrics
        }
        let text = Report(document: document).allMarkdown()
        return (MarkdownProbe(text: text).table(after: "## Front on", withColumn: "Pareto"), text)
    }

    /// Misses the slowest device: 27 of 28 found, and the time of its own last find — sooner
    /// than `scanbench-best`'s 28th — where results.json used to keep its time to 100 %.
    static func missSlowest(_ metrics: inout RunMetrics) {
        metrics.yield.found = 27
        metrics.yield.recall = 27.0 / 28.0
        metrics.timeTo100PercentS = (metrics.timeTo100PercentS ?? 0) / 4
    }

    @Test(
        "a strategy that misses the slowest device gets no faster time to 100 % for it, and is not on the front because of it"
    )
    func missingTheSlowestDeviceIsNotFast() throws {
        // Otherwise equal; only recall (worse) and its time of its own yield (better) differ. With
        // that time it was a trade-off, on the front; a run that missed a device never reached 100 %.
        let (rows, text) = try Self.rival { metrics, _ in Self.missSlowest(&metrics) }
        let nm = try #require(Self.row(rows, "`netmonitor-2.0`"))
        #expect(nm[7] == "not reached")
        #expect(nm.last == "dominated by `scanbench-best`")
        #expect(try #require(Self.row(rows, "`scanbench-best`")).last == "**front**")
        #expect(
            text.contains(
                "Time to 100 % not reached — a discoverable device missed — by `netmonitor-2.0` (3 of 3 runs)."
            )
        )
        #expect(text.contains("**Verdict:** on `home`: `scanbench-best` dominates every other strategy"))
    }

    @Test(
        "time to 100 % over repetitions: a run that missed a device is the slowest, so missing in most runs leaves no time"
    )
    func incompleteRunsCountAsSlowest() throws {
        // One run of three missed a device: the median is the slower of the two complete ones.
        let once = try Self.rival { metrics, repetition in
            metrics.timeTo100PercentS = [1: 4.0, 2: 30.0, 3: 1.0][repetition]
            if repetition == 3 { Self.missSlowest(&metrics) }
        }
        let nm = try #require(Self.row(once.rows, "`netmonitor-2.0`"))
        #expect(nm[7] == "30.0", "not 4.0: the incomplete run is not the fastest but the slowest")
        #expect(once.text.contains("by `netmonitor-2.0` (1 of 3 runs)"))
        // Two of three: no time at all, however fast the one complete run.
        let twice = try Self.rival { metrics, repetition in
            metrics.timeTo100PercentS = 0.5
            if repetition != 1 { Self.missSlowest(&metrics) }
        }
        #expect(try #require(Self.row(twice.rows, "`netmonitor-2.0`"))[7] == "not reached")
    }

    @Test(
        "packets are an objective: 0 TCP attempts with many more packets does not dominate fewer packets; a few per cent is noise"
    )
    func packetsAreACost() throws {
        // scanbench-best's connects all go to empty addresses: no SYN, but ARP. netmonitor-2.0 makes
        // 26 TCP attempts and sends far fewer packets (office: 3,667 against 4,693).
        let (rows, text) = try Self.rival { metrics, _ in
            metrics.wire.tcpAttempts += 26
            metrics.wire.packets = metrics.wire.packets * 3_667 / 4_693
        }
        #expect(try #require(Self.row(rows, "`netmonitor-2.0`")).last == "**front**")
        #expect(try #require(Self.row(rows, "`scanbench-best`")).last == "**front**")
        #expect(text.contains("**Verdict:** on `home`: the Pareto front is `netmonitor-2.0` and `scanbench-best`"))
        // 2 % fewer packets is within their run-to-run noise: it buys no place on the front.
        let (close, _) = try Self.rival { metrics, _ in
            metrics.wire.tcpAttempts += 26
            metrics.wire.packets = metrics.wire.packets * 98 / 100
        }
        #expect(try #require(Self.row(close, "`netmonitor-2.0`")).last == "dominated by `scanbench-best`")
    }

    static func row(_ rows: [[String]], _ name: String) -> [String]? { MarkdownProbe(text: "").row(rows, name) }

    @Test(
        "a lower median within the runs' spread is a tie, not a ranking: the verdict says so; beyond it, the better one dominates"
    )
    func spreadTie() throws {
        // netmonitor-2.0 misses a device in two of three runs: median 27/28, but its third run found 28, as scanbench-best's all did.
        let (rows, text) = try Self.rival { metrics, repetition in if repetition != 3 { Self.missSlowest(&metrics) } }
        #expect(
            try #require(Self.row(rows, "`netmonitor-2.0`")).last?.hasPrefix("**front**, tied with `scanbench-best`")
                == true
        )
        #expect(text.contains("(`netmonitor-2.0` and `scanbench-best` tie on every objective)"), "\(text.prefix(800))")
        // Missing it in every run: its best run is below scanbench-best's worst, so it is dominated.
        let (apart, _) = try Self.rival { metrics, _ in Self.missSlowest(&metrics) }
        #expect(try #require(Self.row(apart, "`netmonitor-2.0`")).last == "dominated by `scanbench-best`")
    }

    @Test("one strategy without a failure, or none: the verdict says so plainly")
    func loneStrategy() {
        var document = SyntheticResults.document(strategies: ["netmonitor-2.0", "scanbench-best"], peers: false)
        func fail(_ strategy: String) {
            for index in document.runs.indices
            where document.runs[index].strategy == strategy && document.runs[index].repetition == 1 {
                document.runs[index].status = .failed
                document.runs[index].error = "scanner crashed"
            }
        }
        fail("scanbench-best")
        let runs = document.runs.filter { $0.strategy == "netmonitor-2.0" }
        let median = { (key: (RunMetrics) -> Double) in
            NumberFormat.decimal(Self.middle(runs.map { key($0.metrics) }), digits: 0)
        }
        let cost =
            "\(median { Double($0.session!.connectionsCreated) }) connections, \(median { Double($0.session!.packets) }) packets, "
            + "\(median { Double($0.session!.tcpAttempts) }) TCP attempts over the session; the scan alone: 1,260 connections, \(median { Double($0.wire.packets) }) packets"
        #expect(
            Report(document: document).allMarkdown().contains(
                "**Verdict:** on `home`: `netmonitor-2.0` is the only strategy without a failure here (`scanbench-best` failed, counted as dominated): "
                    + "it reaches 27/28, recall 0.96 with \(cost); medians of 3 runs.\n"
            )
        )
        fail("netmonitor-2.0")
        #expect(
            Report(document: document).allMarkdown().contains(
                "**Verdict:** on `home`: every strategy had a failed or timed-out run (`netmonitor-2.0` and `scanbench-best`), so none is on the Pareto front.\n"
            )
        )
    }

    @Test("a chart per fixture and one for the suite, linked from report.md")
    func chartFiles() throws {
        let names = Self.files.map(\.name).filter { $0.hasSuffix("-pareto.svg") }
        #expect(
            names == [
                "home-scan-pareto.svg", "office-scan-pareto.svg", "gen-1-scan-pareto.svg",
                "suite-medians-scan-pareto.svg",
            ]
        )
        for name in names {
            #expect(Self.markdown.contains("](\(name))"), "report.md does not link \(name)")
            let svg = SVGCollector.parse(try Self.svg(name))
            #expect(svg.attributes[0]["width"] == "760" && svg.attributes[0]["height"] == "420")
            #expect(svg.elements.contains("title") && svg.elements.contains("desc"))
        }
    }

    @Test(
        "the chart draws the two-objective front as a step line, fills the full front, and leaves failed strategies out"
    )
    func chartFront() throws {
        let text = try Self.svg("gen-1-scan-pareto.svg")
        let svg = SVGCollector.parse(text)
        #expect(
            text.contains(
                "<desc>Recall against the session's connections per strategy on gen-1 · scan. Front on these two objectives (step line): review-phase3, netmonitor-2.0. Front on every objective (filled points): review-phase3, netmonitor-2.0.</desc>"
            )
        )
        let steps = svg.attributes.filter { $0["stroke-dasharray"] == "6 3" && $0["d"] != nil }
        #expect(steps.count == 1)
        let path = try #require(steps.first?["d"])
        // Up from the axis to review-phase3, along to netmonitor-2.0's connections, up to its recall, on to the edge.
        #expect(
            path.hasPrefix("M") && path.components(separatedBy: " V").count == 3 && path.hasSuffix(" H520"),
            "\(path)"
        )
        #expect(svg.texts.contains("4 scanbench-best · failed: not drawn"))
        #expect(svg.texts.contains("2 review-phase3 · front") && svg.texts.contains("1 review-baseline · dominated"))
        // Filled discs: the two front members, in the plot and in the legend; the failed strategy has no point.
        let circles = svg.attributes.filter { $0["r"] != nil }
        #expect(circles.filter { $0["fill"] != "#ffffff" }.count == 4)
        #expect(circles.count == 3 + 4)
        #expect(svg.texts.contains("connections (session: scan, tools, classify step)"))
        // office: 100 to 3,149 connections, more than 10 ×: a logarithmic axis, said in its label.
        #expect(
            SVGCollector.parse(try Self.svg("office-scan-pareto.svg")).texts.contains(
                "connections (session: scan, tools, classify step) (log scale)"
            )
        )
        #expect(
            try Self.svg("suite-medians-scan-pareto.svg").contains(
                "Front on every objective (filled points): review-phase3, netmonitor-2.0."
            )
        )
    }

    @Test("rendering stays a pure function of the document: same bytes twice and after a JSON round trip")
    func deterministic() throws {
        #expect(Report(document: Self.document).render() == Self.files)
        let path = NSTemporaryDirectory() + "pareto-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.document.write(to: path)
        #expect(Report(document: try ResultsDocument.load(path)).render() == Self.files)
    }

    @Test(
        "results from before the session was recorded: the scan's cost stands in, and the report says the step is not in it"
    )
    func beforeSessions() throws {
        var document = SyntheticResults.document(strategies: ["netmonitor-2.0", "scanbench-best"], peers: false)
        for index in document.runs.indices { document.runs[index].metrics.session = nil }
        let text = Report(document: document).allMarkdown()
        let header = MarkdownProbe(text: text).header(after: "## Front on", withColumn: "Pareto")
        #expect(
            header.contains("TCP attempts ↓") && header.contains("Connections created ↓")
                && !header.contains("Time to categories [s] ↓"),
            "\(header)"
        )
        #expect(text.contains("**These results predate the session's cost**"))
        #expect(
            text.contains(
                "TCP attempts in the scan (these results predate the session's cost: the classify step is not in it)"
            )
        )
        // The chart names what it plots: connections created, not the session's.
        let chart = try #require(Report(document: document).render().first { $0.name == "home-scan-pareto.svg" })
            .contents
        #expect(
            chart.contains("<title>Recall against connections created — home · scan</title>")
                && chart.contains("connections created (stack)")
        )
        #expect(!Report(document: SyntheticResults.document()).allMarkdown().contains("predate the session's cost"))
    }

    @Test("one fixture: no suite sections, and the fixture's own front")
    func singleFixture() {
        let markdown = Report(document: SyntheticResults.document()).allMarkdown()
        #expect(markdown.contains("## Pareto front"))
        #expect(!markdown.contains("## Suite summary") && !markdown.contains("over the suite"))
    }
}
