import Foundation
import Testing

/// `scanbench ablate` end to end on the tiny LAN: two strategies that differ in exactly two cheap
/// knobs (scanbench-best with a short Bonjour window, with and without the ARP retry round, ARP
/// settle 3 s against 1 s), one repetition, two lanes: four strategies, since BASE+first is
/// TARGET−second.
@Suite("scanbench ablate", .tags(.integration), .serialized)
struct AblateIntegrationTests {
    @Test("two knobs on tiny: both named with measured effects, results.json decodes, report and compare accept it")
    func twoKnobs() throws {
        let base = NSTemporaryDirectory() + "ablate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        var yaml = try String(
            contentsOfFile: "\(ScanBenchCLI.packageRoot)/fixtures/strategies/scanbench-best.yaml",
            encoding: .utf8
        )
        let short = ("quiet_ms: 3000, min_ms: 10000, max_ms: 15000", "quiet_ms: 1000, min_ms: 2000, max_ms: 4000")
        #expect(yaml.contains(short.0))
        yaml = yaml.replacingOccurrences(of: short.0, with: short.1)
        try yaml.write(toFile: "\(base)/before.yaml", atomically: true, encoding: .utf8)
        try yaml.replacingOccurrences(of: "retry_rounds: 1", with: "retry_rounds: 0")
            .replacingOccurrences(of: "settle_ms: 3000", with: "settle_ms: 1000")
            .write(toFile: "\(base)/after.yaml", atomically: true, encoding: .utf8)
        let out = "\(base)/out"
        let run = try ScanBenchCLI.scanbench(
            [
                "ablate", "\(base)/before.yaml", "\(base)/after.yaml", "--fixture", "tiny", "--repeat", "1",
                "--seed", "7", "--lanes", "2", "--no-classify", "--json", "--out", out,
            ],
            timeout: 240
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("2 knobs differ") && run.stderr.contains("4 runs"), "\(run.stderr)")
        #expect(run.stderr.contains("ETA"), "progress with an ETA: \(run.stderr)")

        // --json: both knobs, each measured in both directions; dropping the retry round saves ARP packets.
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            "\(run.stdout)"
        )
        let group = try #require((json["groups"] as? [[String: Any]])?.first)
        let knobs = try #require(group["knobs"] as? [[String: Any]])
        #expect(knobs.compactMap { $0["key"] as? String } == ["arp.retry_rounds", "arp.settle_ms"])
        for knob in knobs {
            let effects = try #require(knob["effects"] as? [[String: Any]])
            let packets = try #require(effects.first { $0["metric"] as? String == "wire.packets" })
            #expect(packets["forward"] is [String: Any] && packets["leave_one_out"] is [String: Any], "\(knob)")
        }
        let retry = try #require(knobs[0]["effects"] as? [[String: Any]])
        let packets = try #require(
            retry.first { $0["metric"] as? String == "wire.packets" }?["forward"] as? [String: Any]
        )
        #expect((packets["delta"] as? Double ?? 0) < 0, "no ARP retry round sends fewer packets: \(packets)")

        // report.md names both knobs; results.json decodes (report) and compare pairs BASE with TARGET.
        let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
        #expect(report.contains("## Ablation: `before` → `after`"))
        #expect(report.contains("`arp.retry_rounds`") && report.contains("`arp.settle_ms`"))
        let rendered = try ScanBenchCLI.scanbench(["report", "\(out)/results.json", "--out", "\(base)/again"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try String(contentsOfFile: "\(base)/again/report.md", encoding: .utf8).contains("## Ablation"))
        let compare = try ScanBenchCLI.scanbench([
            "compare", "\(out)/results.json", "\(out)/results.json",
            "--baseline-strategy", "before", "--current-strategy", "after",
        ])
        // One draw a side: no test can flag a metric at the verdict's α (a flag needs 3 draws,
        // docs/REPORTS.md), so the verdict is INCONCLUSIVE (exit 3, `CompareExitStatus.inconclusive`) and says why; never PASS.
        #expect(
            compare.status == 3 && compare.stdout.contains("# ScanBench comparison"),
            "\(compare.status): \(compare.stderr)"
        )
        #expect(
            compare.stdout.contains("**INCONCLUSIVE**")
                && compare.stdout.contains("no test had enough draws: at most 1 per strategy"),
            "\(compare.stdout.prefix(2000))"
        )
        #expect(compare.stdout.contains("TCP attempts"), "\(compare.stdout)")
    }
}
