import Foundation
import Testing
@testable import Report
import Results
import SyntheticRuns

@Suite("report.md")
struct ReportRenderingTests {
    static let document = SyntheticResults.document()
    static let markdown = Report(document: document).allMarkdown()
    static let probe = MarkdownProbe(text: markdown)

    /// Median of a metric over one strategy's runs, computed here independently of the report.
    static func median(_ strategy: String, _ value: (RunMetrics) -> Double) -> Double {
        let values = document.runs.filter { $0.strategy == strategy }.map { value($0.metrics) }.sorted()
        return values.count % 2 == 1
            ? values[values.count / 2] : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
    }

    @Test(
        "the verdict line names the strategy that dominates all others and its whole session's cost, the scan's share beside it, against the reference"
    )
    func verdictLine() {
        let median = { (strategy: String, key: (RunMetrics) -> Double) in
            NumberFormat.decimal(Self.median(strategy, key), digits: 0)
        }
        let cost = { (strategy: String) in
            "\(median(strategy) { Double($0.session!.connectionsCreated) }) connections, \(median(strategy) { Double($0.session!.packets) }) packets, "
                + "\(median(strategy) { Double($0.session!.tcpAttempts) }) TCP attempts over the session; the scan alone: "
                + "\(median(strategy) { Double($0.stack.connectionsCreated) }) connections, \(median(strategy) { Double($0.wire.packets) }) packets"
        }
        let first = Self.markdown.components(separatedBy: "\n").first { $0.hasPrefix("**Verdict:**") } ?? ""
        #expect(
            first.contains(
                "`scanbench-best` dominates every other strategy on the Pareto objectives: it finds the most devices (28/28, recall 1.00) with the fewest connections (\(cost("scanbench-best")))"
            ),
            "\(first)"
        )
        #expect(first.contains("against the reference `netmonitor-2.0` (\(cost("netmonitor-2.0"))"), "\(first)")
        #expect(
            first.contains("fewer connections, ") && first.contains("fewer packets, ")
                && first.contains("fewer TCP attempts over the session"),
            "\(first)"
        )
        #expect(first.contains("medians of 3 runs"))
    }

    @Test(
        "the whole-session table puts each session figure beside the scan's, and the session is never cheaper than its scan"
    )
    func sessionTable() throws {
        let header = Self.probe.header(after: "**The whole session**", withColumn: "Connections (session)")
        let rows = Self.probe.table(after: "**The whole session**", withColumn: "Connections (session)")
        let session = try #require(header.firstIndex(of: "Connections (session)")),
            scan = try #require(header.firstIndex(of: "Connections created"))
        #expect(header.contains("Time to categories [s]") && header.contains("Packets (session)"))
        for row in rows {
            let number = { (cell: String) in
                Double(
                    cell.components(separatedBy: "<br>")[0].replacingOccurrences(of: ",", with: "")
                        .components(separatedBy: " ")[0]
                ) ?? -1
            }
            #expect(number(row[session]) >= number(row[scan]), "\(row[0]): the session holds the scan")
        }
    }

    @Test("the headline table shows medians, ranges, the best per column in words, and deltas against the reference")
    func headlineTable() throws {
        let rows = Self.probe.table(after: "**Yield and wire**", withColumn: "TCP attempts")
        let header = Self.probe.header(after: "**Yield and wire**", withColumn: "TCP attempts")
        #expect(rows.count == 7)
        let column = try #require(header.firstIndex(of: "TCP attempts"))
        let recallColumn = try #require(header.firstIndex(of: "Recall"))
        let best = try #require(Self.probe.row(rows, "`scanbench-best`"))
        let baseline = try #require(Self.probe.row(rows, "`review-baseline`"))
        let reference = try #require(Self.probe.row(rows, "`netmonitor-2.0`"))
        let bestAttempts = Self.median("scanbench-best") { Double($0.wire.tcpAttempts) }
        let referenceAttempts = Self.median("netmonitor-2.0") { Double($0.wire.tcpAttempts) }
        let lines = best[column].components(separatedBy: "<br>")
        #expect(lines[0] == "\(NumberFormat.decimal(bestAttempts, digits: 0)) **best**")
        let runs = Self.document.runs.filter { $0.strategy == "scanbench-best" }.map(\.metrics.wire.tcpAttempts)
        #expect(lines[1] == "\(runs.min()!)–\(runs.max()!)" || (lines[1] == "all 3 equal" && runs.min() == runs.max()))
        let percent = NumberFormat.percent((bestAttempts - referenceAttempts) / referenceAttempts * 100)
        #expect(lines[2] == "\(percent) (\(NumberFormat.signed(bestAttempts - referenceAttempts, digits: 0)))")
        #expect(lines[2].hasPrefix("−7"))
        #expect(!baseline[column].contains("best"))
        #expect(best[recallColumn].hasPrefix("1.00 **best**<br>all 3 equal"))
        #expect(reference[column].hasSuffix("<br>reference"))
        #expect(reference[0].contains("(reference)"))
        let foundColumn = try #require(header.firstIndex(of: "Devices found"))
        #expect(baseline[foundColumn].hasPrefix("20/28<br>"))
    }

    @Test("time and cost columns mark the lowest median as best")
    func costTable() throws {
        let rows = Self.probe.table(after: "**Time, UI and cost**", withColumn: "Publishes")
        let header = Self.probe.header(after: "**Time, UI and cost**", withColumn: "Publishes")
        let publishes = try #require(header.firstIndex(of: "Publishes"))
        // review-phase3 publishes least (38).
        #expect(try #require(Self.probe.row(rows, "`review-phase3`"))[publishes].hasPrefix("38 **best**"))
        #expect(
            try #require(Self.probe.row(rows, "`review-baseline`"))[publishes].hasPrefix(
                "520<br>all 3 equal<br>+100 % (+260)"
            )
        )
        #expect(header.contains("Scan duration [s]") && header.contains("Peak RSS [MB]"))
    }

    @Test(
        "the yield matrix shows found-in-k-of-n per device and strategy, the source when the runs agree, and the misses"
    )
    func yieldMatrix() throws {
        let rows = Self.probe.table(after: "### Device yield", withColumn: "`scanbench-best`")
        let header = Self.probe.header(after: "### Device yield", withColumn: "`scanbench-best`")
        let best = try #require(header.firstIndex(of: "`scanbench-best`"))
        let baseline = try #require(header.firstIndex(of: "`review-baseline`"))
        let phase1 = try #require(header.firstIndex(of: "`review-phase1`"))
        let deskPlug = try #require(Self.probe.row(rows, "`desk-plug`"))
        #expect(deskPlug[best] == "3/3 arp")
        #expect(deskPlug[baseline] == "0/3")
        #expect(try #require(Self.probe.row(rows, "`annas-iphone`"))[baseline] == "3/3 bonjour")
        // review-phase1 finds its 24th device only in repetition 2.
        #expect(try #require(Self.probe.row(rows, "`hallway-light`"))[phase1] == "1/3 tcp")
        #expect(try #require(Self.probe.row(rows, "`garden-sprinkler`"))[0].contains("not discoverable"))
        let totals = try #require(Self.probe.row(rows, "discoverable found in every run"))
        #expect(totals[best] == "28/28 in 3/3 · 28/28 in some")
        // review-phase1 finds 23 discoverable devices in every run and the 24th in one of three.
        #expect(totals[phase1] == "23/28 in 3/3 · 24/28 in some")
        let missed = Self.probe.table(after: "### Missed devices", withColumn: "Why")
        let row = try #require(missed.first { $0[0] == "`review-baseline`" && $0[1] == "`desk-plug`" })
        #expect(row[2] == "3/3" && row[3] == "tcp: 4 timeouts, secondary skipped")
        #expect(!missed.contains { $0[0] == "`scanbench-best`" })
    }

    @Test("a device whose finding runs disagree on the first source shows k/n without a source")
    func yieldMatrixDisagreeingSources() throws {
        var document = Self.document
        let index = try #require(document.runs.firstIndex { $0.strategy == "scanbench-best" })
        let device = try #require(document.runs[index].devices.firstIndex { $0.name == "desk-plug" })
        document.runs[index].devices[device].firstSource = "icmp"
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let rows = probe.table(after: "### Device yield", withColumn: "`scanbench-best`")
        let best = try #require(
            probe.header(after: "### Device yield", withColumn: "`scanbench-best`").firstIndex(of: "`scanbench-best`")
        )
        #expect(try #require(probe.row(rows, "`desk-plug`"))[best] == "3/3")
        #expect(try #require(probe.row(rows, "`hue-bridge`"))[best] == "3/3 arp")
    }

    @Test("yield by category shows found / discoverable per category")
    func categories() throws {
        let rows = Self.probe.table(after: "### Yield by category", withColumn: "iot")
        let header = Self.probe.header(after: "### Yield by category", withColumn: "iot")
        let iot = try #require(header.firstIndex(of: "iot"))
        // home has 6 discoverable iot devices; review-baseline finds none of them, scanbench-best all.
        #expect(try #require(Self.probe.row(rows, "`review-baseline`"))[iot] == "0/6")
        #expect(try #require(Self.probe.row(rows, "`scanbench-best`"))[iot] == "6/6")
    }

    @Test("latency, names, ports and ping tables carry the measured values")
    func accuracyTables() throws {
        let latency = Self.probe.table(after: "### Latency accuracy", withColumn: "Stack vs truth, median [ms]")
        let best = try #require(Self.probe.row(latency, "`scanbench-best`"))
        #expect(best[4].hasSuffix("**best**"))
        let expected = Self.median("scanbench-best") { $0.latency.stackVsTruthAbsMsMedian ?? .nan }
        #expect(best[4].hasPrefix(NumberFormat.decimal(expected, digits: 2)))
        let ports = Self.probe.table(after: "## Port-scan accuracy", withColumn: "Ports checked")
        #expect(try #require(Self.probe.row(ports, "home · scan")).contains("81.0 %"))
        #expect(ports.contains { $0.contains("open→filtered ×57") })
        let ping = Self.probe.table(after: "## Ping accuracy", withColumn: "vs truth, median [ms]")
        #expect(ping.count == 4)  // the review's two strategies, NetMonitor today and ours
        let names = Self.probe.table(after: "### Host names and categories", withColumn: "Host names correct")
        let bestNames = try #require(Self.probe.row(names, "`scanbench-best`"))
        #expect(bestNames[1] == "24/26 (92 %)")
        // 28 found of 28, 27 given a category (the Pixel unknown), 26 right (the iPhone taken for a
        // computer); 27 identifiable (the Pixel announces nothing that names it).
        #expect(Array(bestNames[2...6]) == ["26/27 (96 %)", "27/28 (96 %)", "27", "26/28 (93 %)", "3.3"])
        // The nmap -O -sV peer on the same LAN, scored the same way, beside the strategies.
        let nmap = try #require(Self.probe.row(names, "`nmap -O -sV` (peer)"))
        #expect(Array(nmap[2...6]) == ["4/20 (20 %)", "20/27 (74 %)", "27", "4/28 (14 %)", "455.0"])
    }

    @Test(
        "the classify step's cost columns are the catalogue's metrics: their headers and medians, and no section reads their fields itself"
    )
    func probeCostColumns() throws {
        let columns = [Metric.categoryProbeSeconds, .categoryProbeConnections, .categoryProbePackets]
        let header = Self.probe.header(after: "### Host names and categories", withColumn: "Host names correct")
        #expect(Array(header.suffix(3)) == columns.map(\.shortHeader))
        let names = Self.probe.table(after: "### Host names and categories", withColumn: "Host names correct")
        let best = try #require(Self.probe.row(names, "`scanbench-best`"))
        #expect(
            Array(best.suffix(3))
                == columns.map { metric in
                    metric.format(Self.median("scanbench-best") { metric.value(in: $0) ?? .nan })
                }
        )
        // Read through the catalogue, declared once: a section that read `names.category_probe_*`
        // itself could drift from the metric `compare` and the raw-runs table show.
        let sections = Self.root.appendingPathComponent("Sources/Report")
        let files = try #require(FileManager.default.enumerator(atPath: sections.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOf: sections.appendingPathComponent(file), encoding: .utf8)
            for field in ["names.categoryProbe", "\\.categoryProbe"] {
                #expect(!text.contains(field), "\(file) reads \(field)… directly: use Metric.categoryProbe*")
            }
        }
    }

    @Test("a tool the session ended before is a row that disagrees and says why, with no duration, not an absent row")
    func unfinishedTools() throws {
        var document = SyntheticResults.document(strategies: ["netmonitor-2.0"], repetitions: 1, toolScenarios: false)
        let unfinished = "did not finish before the session ended"
        document.runs[0].metrics.lookups = RunMetrics.Lookups(
            trace: RunMetrics.Agreement(agrees: false, durationMs: nil, ours: unfinished),
            dns: RunMetrics.Agreement(
                agrees: false,
                durationMs: 5,
                ours: "198.18.0.1",
                referenceError: "dig exited with 9"
            )
        )
        var wol = RunMetrics.WakeOnLANDelivery(target: "pc")
        wol.error = unfinished
        document.runs[0].metrics.wakeOnLAN = wol
        var browse = RunMetrics.ServiceAgreement()
        browse.error = unfinished
        document.runs[0].metrics.bonjourBrowse = browse
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let rows = probe.table(after: "## Tools in the session", withColumn: "Agrees with reference")
        let byTool = Dictionary(rows.map { ($0[2], $0) }, uniquingKeysWith: { first, _ in first })
        let trace = try #require(byTool["traceroute"])
        #expect(trace[3] == "0/1" && trace[4] == "not measured" && trace[5] == "\(unfinished) / —")
        // A reference that failed is neither agreement nor disagreement, and says why.
        let dns = try #require(byTool["dns"])
        #expect(
            dns[3] == "not measured (reference failed in 1 of 1 runs)"
                && dns[5] == "reference failed: dig exited with 9",
            "\(dns)"
        )
        let sent = try #require(byTool["wol (listener log)"])
        #expect(sent[3] == "0/1" && sent[5] == "0 sent / 0 received, 0 other (\(unfinished))")
        for tool in ["bonjour (avahi-browse)", "bonjour (fixture)"] {
            let row = try #require(byTool[tool])
            #expect(row[3] == "0/1" && row[4] == "not measured" && row[5] == "the tool: \(unfinished)")
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "the category confusion: fixture category × the probe's, with misses and unknown devices in their own columns"
    )
    func categoryConfusion() throws {
        #expect(Self.markdown.contains("### Category confusion\n\n<details>"))
        let header = Self.probe.header(after: "`review-baseline`, 3 runs:", withColumn: "Correct")
        #expect(
            header.first == "Fixture ↓ probe →"
                && header.suffix(4) == ["unknown", "not found", "Correct", "Identifiable"]
        )
        let rows = Self.probe.table(after: "`review-baseline`, 3 runs:", withColumn: "Correct")
        let phone = try #require(Self.probe.row(rows, "phone"))
        // review-baseline finds the first 20 devices: both iPhones and the Pixel, three times each.
        #expect(phone[try #require(header.firstIndex(of: "phone"))] == "**3**")
        #expect(phone[try #require(header.firstIndex(of: "computer"))] == "3")
        #expect(phone[try #require(header.firstIndex(of: "unknown"))] == "3")
        #expect(phone.suffix(2) == ["3/9 (33 %)", "6"], "the three Pixels are not identifiable")
        let iot = try #require(Self.probe.row(rows, "iot"))
        #expect(iot[try #require(header.firstIndex(of: "not found"))] == "18" && iot.suffix(2).first == "0/18 (0 %)")
        // The headline counts categories out of every discoverable device.
        let headline = Self.probe.table(after: "**Yield and wire**", withColumn: "Categories correct")
        let column = try #require(
            Self.probe.header(after: "**Yield and wire**", withColumn: "Categories correct").firstIndex(
                of: "Categories correct"
            )
        )
        #expect(try #require(Self.probe.row(headline, "`review-baseline`"))[column].hasPrefix("18/28<br>"))
    }

    @Test("the review's expected outcomes sit next to the measured baseline, phase 2, NetMonitor today and ours")
    func expectedOutcomes() throws {
        let rows = Self.probe.table(
            after: "## The review's expected outcomes, measured",
            withColumn: "Review: before → after"
        )
        #expect(rows.count == 14)
        // Heat and battery: the airtime and radio-on estimates (issue 34) beside CPU and wakeups.
        #expect(
            try #require(Self.probe.row(rows, "Device heat: airtime (est.)")).last?.contains("`wire.airtime_ms_est`")
                == true
        )
        #expect(
            try #require(Self.probe.row(rows, "Device heat, battery: radio on (est.)")).last?.contains(
                "`wire.radio_on_s_est`"
            ) == true
        )
        // Columns: outcome, claim, baseline, phase 2, netmonitor-2.0, scanbench-best, holds, best ≥ 2.0, measured as.
        let peak = try #require(Self.probe.row(rows, "Peak connections"))
        #expect(Array(peak[1...3]) == ["~80 → ~30", "80", "30"] && peak[6] == "yes")
        let total = try #require(Self.probe.row(rows, "Total connections per scan"))
        #expect(Array(total[2...3]) == ["3,149", "1,120"] && total[6] == "yes")  // ~1,100 read as within 10 %
        let mutations = try #require(Self.probe.row(rows, "Main-thread mutations"))
        #expect(mutations[2] == "520" && mutations[3] == "42" && mutations[6] == "yes")
        let devices = try #require(Self.probe.row(rows, "Devices discovered"))
        #expect(devices[2].hasPrefix("20/") && devices[3].hasPrefix("23/") && devices[6] == "yes")
        let ping = try #require(Self.probe.row(rows, "Ping accuracy during scan"))
        #expect(Array(ping[2...3]) == ["380.00 ms", "0.90 ms"] && ping[6] == "yes")
        #expect(try #require(Self.probe.row(rows, "Ping answered during scan"))[2...3] == ["3", "0"])
        #expect(try #require(Self.probe.row(rows, "Port scan reliability"))[2...3] == ["81/100", "100/100"])
        // Every strategy column is filled and ours is compared with NetMonitor today.
        #expect(!peak[4].contains("not measured") && !peak[5].contains("not measured") && peak[7] != "not measured")
    }

    @Test("tool rows prefer the during-scan scenarios, and a claim the numbers miss says no")
    func duringScanScenarios() throws {
        var document = SyntheticResults.document(strategies: [
            "review-baseline", "review-phase2", "netmonitor-2.0", "scanbench-best",
        ])
        // The same runs again as ping-during-scan, with a different ping error.
        let during = document.runs.map { run -> RunResult in
            var copy = run
            copy.scenario = "ping-during-scan"
            copy.sequence += 100
            copy.metrics.ping?.vsWireAbsMsP95 =
                run.strategy == "review-baseline" ? 250 : run.strategy == "scanbench-best" ? 9 : 3
            copy.metrics.ui.publishes = 700  // only the scan scenario counts for the other rows
            return copy
        }
        document.runs += during
        for index in document.runs.indices
        where document.runs[index].scenario == "scan" && document.runs[index].strategy == "review-phase2" {
            document.runs[index].metrics.stack.peakInFlight = 45
        }
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let rows = probe.table(
            after: "## The review's expected outcomes, measured",
            withColumn: "Review: before → after"
        )
        let ping = try #require(probe.row(rows, "Ping accuracy during scan"))
        #expect(Array(ping[2...5]) == ["250.00 ms", "3.00 ms", "3.00 ms", "9.00 ms"])
        #expect(ping[6] == "**no**" && ping[7] == "**no**")  // 3 ms misses the 1 ms bar; ours is worse than NetMonitor's
        #expect(try #require(probe.row(rows, "Main-thread mutations"))[2...3] == ["520", "42"])
        let peak = try #require(probe.row(rows, "Peak connections"))
        #expect(peak[3] == "45" && peak[6] == "**no**")
        #expect(probe.text.contains("## `home` · scenario `ping-during-scan`"))
    }

    @Test("cells that were not measured say so")
    func notMeasured() throws {
        let document = SyntheticResults.document(
            strategies: ["review-baseline", "netmonitor-2.0"],
            toolScenarios: false
        )
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let rows = probe.table(
            after: "## The review's expected outcomes, measured",
            withColumn: "Review: before → after"
        )
        let peak = try #require(probe.row(rows, "Peak connections"))
        #expect(peak[3] == "not measured" && peak[6] == "not measured" && peak[7] == "not measured")
        let ping = try #require(probe.row(rows, "Ping accuracy during scan"))
        #expect(ping[2] == "not measured")
        #expect(!probe.text.contains("## Ping accuracy"))
    }

    @Test("peers, methodology and the folded raw runs are present")
    func peersMethodologyDetails() throws {
        let peers = Self.probe.table(after: "## Peer tools", withColumn: "Tool")
        #expect(try #require(Self.probe.row(peers, "`nmap -sn`"))[3] == "26/28")
        #expect(Self.markdown.contains("interleaved"))
        #expect(Self.markdown.contains("[docs/METRICS.md](../../docs/METRICS.md)"))
        #expect(Self.markdown.contains("| Kernel | 6.1.0-18-amd64 |"))
        #expect(Self.markdown.contains("<details><summary>Every run, in schedule order (21 runs)</summary>\n\n|"))
        let raw = Self.probe.table(after: "<details><summary>Every run", withColumn: "Seq")
        #expect(raw.count == 21)
        #expect(raw[0][0] == "0" && raw[20][0] == "20")
        #expect(Self.markdown.contains("\n\n</details>\n"))
    }

    @Test("the methodology names the seeds the runs used, per repetition, not the plan's base seed")
    func methodologySeeds() throws {
        // SyntheticResults records repetition k with seed k, and environment.seed 1.
        #expect(
            Self.markdown.contains("repetition k ran with seed 1 + k − 1 (seeds 1–3), every strategy on the same seed")
        )
        #expect(!Self.markdown.contains("every run used seed"))
        var oneSeed = SyntheticResults.document()
        for index in oneSeed.runs.indices { oneSeed.runs[index].seed = 5 }
        #expect(
            Report(document: oneSeed).allMarkdown().contains(
                "every run used seed 5, so repetitions differ only by timing"
            )
        )
        var unseeded = SyntheticResults.document()
        for index in unseeded.runs.indices { unseeded.runs[index].seed = nil }
        #expect(Report(document: unseeded).allMarkdown().contains("each run drew its own"))
        var mixed = SyntheticResults.document()
        let index = try #require(mixed.runs.firstIndex { $0.repetition == 2 })
        mixed.runs[index].seed = 9
        #expect(
            Report(document: mixed).allMarkdown().contains(
                "not one per repetition (repetition 1: 1; repetition 2: 2, 9; repetition 3: 3)"
            )
        )
        var apart = SyntheticResults.document()
        for index in apart.runs.indices { apart.runs[index].seed = UInt64(apart.runs[index].repetition * 10) }
        #expect(
            Report(document: apart).allMarkdown().contains(
                "repetition 1 with seed 10, repetition 2 with seed 20, repetition 3 with seed 30, every strategy"
            )
        )
    }

    @Test("failed runs are left out of medians and shown")
    func failedRuns() throws {
        var document = SyntheticResults.document()
        let index = try #require(document.runs.firstIndex { $0.strategy == "scanbench-best" && $0.repetition == 2 })
        document.runs[index].status = .timedOut
        document.runs[index].error = "scanner did not exit within 120 s"
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let rows = probe.table(after: "**Yield and wire**", withColumn: "TCP attempts")
        #expect(try #require(probe.row(rows, "`scanbench-best`"))[0].contains("2 of 3 runs ok"))
        #expect(probe.text.contains("timed_out: scanner did not exit within 120 s"))
        #expect(probe.text.contains("(1 failed or timed out, left out of every median)"))
    }

    @Test("the same results give byte-identical files, also after a JSON round trip")
    func deterministic() throws {
        let first = Report(document: Self.document).render()
        let second = Report(document: SyntheticResults.document()).render()
        #expect(first == second)
        let path = NSTemporaryDirectory() + "report-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.document.write(to: path)
        let reloaded = try ResultsDocument.load(path)
        #expect(Report(document: reloaded).render() == first)
        #expect(
            first.map(\.name) == [
                "report.md", "report-home-scan.md", "report-tools.md", "report-methodology.md",
                "home-scan-tcp-in-flight.svg", "home-scan-devices-found.svg", "home-scan-latency-error.svg",
                "home-scan-pareto.svg",
            ]
        )
    }

    @Test("write puts report.md, its detail files and the charts in the directory")
    func writeFiles() throws {
        let directory = NSTemporaryDirectory() + "report-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try Report(document: Self.document).write(to: directory)
        #expect(paths.count == 8)
        #expect(
            try String(contentsOfFile: directory + "/report.md", encoding: .utf8)
                == Report(document: Self.document).markdown()
        )
        let written = try ["report.md", "report-home-scan.md", "report-tools.md", "report-methodology.md"]
            .map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
        #expect(written == Self.markdown)
        for name in [
            "home-scan-tcp-in-flight.svg", "home-scan-devices-found.svg", "home-scan-latency-error.svg",
            "home-scan-pareto.svg",
        ] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + name))
            #expect(written.contains("](\(name))"))
        }
    }
}
