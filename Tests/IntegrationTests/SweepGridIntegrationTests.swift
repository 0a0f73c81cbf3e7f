import Foundation
import Testing

/// `scanbench run --sweep` twice: a 2 × 2 grid with its control on the tiny LAN, end to end
/// (five strategies in one interleaved schedule, the grid in results.json, deltas against the
/// control and the charts in the report), and the errors that stop a bad grid before any LAN comes up.
@Suite("scanbench run --sweep grid", .tags(.integration), .serialized)
struct SweepGridIntegrationTests {
    @Test(
        "a 2 × 2 grid runs the control and four variants; results carry the grid, the report the deltas and the charts"
    )
    func gridWithControl() throws {
        let out = NSTemporaryDirectory() + "sweep-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let strategy = "\(out)/arp-only.yaml"
        // An ARP sweep only: the shortest scan that still finds the tiny LAN, so five runs in two lanes fit in about 20 s.
        try ProcessActivityIntegrationTests.strategy.write(toFile: strategy, atomically: true, encoding: .utf8)
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", strategy, "--sweep", "arp.settle_ms=500,1500",
                "--sweep", "arp.retry_rounds=0,1", "--repeat", "1", "--seed", "1", "--lanes", "2", "--no-classify",
                "--out", "\(out)/run",
            ],
            timeout: 240
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("grid: arp.settle_ms (2) × arp.retry_rounds (2) = 4 variants"), "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/run/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["schema_version"] as? Int == 4)
        #expect(document["reference_strategy"] as? String == "arp-only", "the control is the reference when sweeping")
        let sweep = try #require(document["sweep"] as? [String: Any])
        #expect(sweep["controls"] as? [String] == ["arp-only"])
        let knobs = try #require(sweep["knobs"] as? [[String: Any]])
        #expect(knobs.compactMap { $0["key"] as? String } == ["arp.settle_ms", "arp.retry_rounds"])
        #expect(knobs.compactMap { $0["values"] as? [String] } == [["500", "1500"], ["0", "1"]])

        let runs = try #require(document["runs"] as? [[String: Any]])
        let names = runs.compactMap { $0["strategy"] as? String }
        #expect(
            names == [
                "arp-only", "arp-only[arp.settle_ms=500,arp.retry_rounds=0]",
                "arp-only[arp.settle_ms=500,arp.retry_rounds=1]",
                "arp-only[arp.settle_ms=1500,arp.retry_rounds=0]", "arp-only[arp.settle_ms=1500,arp.retry_rounds=1]",
            ]
        )
        for entry in runs {
            #expect(entry["status"] as? String == "ok", "\(entry["strategy"] ?? "?"): \(entry["error"] ?? "")")
            #expect(entry["control"] as? String == "arp-only")
        }
        #expect((runs[0]["overrides"] as? [String: String]) == [:])
        #expect((runs[3]["overrides"] as? [String: String]) == ["arp.settle_ms": "1500", "arp.retry_rounds": "0"])
        // The variant really ran with its knobs: the file it was given has them.
        let written = try String(
            contentsOfFile: "\(out)/run/strategies/arp-only[arp.settle_ms=1500,arp.retry_rounds=0].yaml",
            encoding: .utf8
        )
        #expect(written.contains("settle_ms: 1500") && written.contains("retry_rounds: 0"), "\(written)")
        // A 1.5 s settle makes a longer scan than a 0.5 s one.
        let durations = runs.map { (($0["metrics"] as? [String: Any])?["duration_s"] as? Double) ?? 0 }
        #expect(durations[3] > durations[1], "\(durations)")

        let markdown = try String(contentsOfFile: "\(out)/run/report.md", encoding: .utf8)
        #expect(markdown.contains("## Sweep"))
        #expect(markdown.contains("| `arp-only` (control) |"))
        // The variant's rows in the sweep's two tables (before the headline tables): the 1.5 s settle
        // against the control's 1 s shows as a change in scan duration, with p and δ (one run a side: p 1).
        let rows = markdown.split(separator: "\n").filter {
            $0.hasPrefix("| `arp-only[arp.settle_ms=1500,arp.retry_rounds=0]` | 1500 | 0 |")
        }
        #expect(rows.count == 2, "\(rows)")
        #expect(rows.last.map { $0.contains(" %") && $0.contains("p 1.00 · δ +1.00 large") } == true, "\(rows)")
        for metric in ["yield.recall", "wire.packets", "duration_s"] {
            let chart = "\(out)/run/tiny-scan-sweep-arp-only-\(metric).svg"
            let svg = try String(contentsOfFile: chart, encoding: .utf8)
            #expect(
                svg.contains("<svg") && svg.contains("control arp-only")
                    && markdown.contains("](tiny-scan-sweep-arp-only-\(metric).svg)")
            )
        }
        // report and compare read the sweep's results like any other.
        let report = try ScanBenchCLI.scanbench(["report", "\(out)/run/results.json", "--out", "\(out)/again"])
        #expect(report.status == 0, "\(report.stderr)")
        // One repetition: one draw per variant, fewer than any test needs, so the honest verdict
        // is INCONCLUSIVE (exit 3), with the number of draws it would take — not an input error.
        let compare = try ScanBenchCLI.scanbench(["compare", "\(out)/run/results.json", "\(out)/run/results.json"])
        #expect(
            compare.status == 3 && compare.stdout.contains("**INCONCLUSIVE**") && compare.stdout.contains("needs"),
            "\(compare.stdout)\(compare.stderr)"
        )
    }

    @Test("a grid past --max-variants, or a knob given twice, stops before any LAN comes up, saying why and what to do")
    func refusedGrids() throws {
        let big = try ScanBenchCLI.scanbench([
            "run", "--fixture", "tiny", "--sweep", "tcp.host_concurrency=8,16,32",
            "--sweep", "arp.settle_ms=500,1000", "--max-variants", "6", "--out", NSTemporaryDirectory() + "unused",
        ])
        #expect(big.status != 0)
        #expect(
            big.stderr.contains("3 × 2 = 6 variants + 1 control = 7 strategies to run, above --max-variants 6"),
            "\(big.stderr)"
        )
        #expect(big.stderr.contains("fix:"))
        let twice = try ScanBenchCLI.scanbench([
            "run", "--fixture", "tiny", "--sweep", "arp.settle_ms=500", "--sweep", "arp.settle_ms=1000",
        ])
        #expect(twice.status != 0 && twice.stderr.contains("--sweep arp.settle_ms is given twice"), "\(twice.stderr)")
        let help = try ScanBenchCLI.scanbench(["run", "--help"])
        for phrase in ["--sweep", "--max-variants", "grid", "control", "--sweep arp.settle_ms=500,2000"] {
            #expect(help.stdout.contains(phrase), "run --help lacks '\(phrase)'")
        }
    }
}
