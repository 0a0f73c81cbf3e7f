import Foundation
import Synchronization
import Spawn
import Testbed
import Testing

/// `scanbench run` end to end on the tiny LAN: results agree with `scanbench analyze` and tshark
/// on the kept pcaps, budgets hold on the wire, compare gates, and a killed run leaves no LAN.
@Suite("scanbench run", .tags(.integration), .serialized)
struct HarnessRunIntegrationTests {
    static func results(_ directory: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/results.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("a two-strategy run: figures match analyze and tshark, budgets hold, compare sees the cost")
    func runAnalyzeCompare() throws {
        let out = NSTemporaryDirectory() + "run-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "scanbench-best", "--strategy", "review-phase2",
                "--repeat", "1", "--lanes", "2", "--out", out,
            ],
            timeout: 400
        )
        #expect(run.status == 0, "\(run.stderr)")
        let document = try Self.results(out)
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.count == 2)
        #expect(FileManager.default.fileExists(atPath: "\(out)/report.md"))
        for entry in runs {
            let metrics = try #require(entry["metrics"] as? [String: Any])
            let wire = try #require(metrics["wire"] as? [String: Any])
            let pcap = "\(out)/\(try #require(entry["pcap"] as? String))"
            // Our analyzer on the kept pcap gives the numbers results.json holds.
            let analyze = try ScanBenchCLI.scanbench([
                "analyze", pcap, "--scanner", "198.18.0.50", "--json", "--summary-only",
            ])
            #expect(analyze.status == 0, "\(analyze.stderr)")
            let analysis = try #require(
                try JSONSerialization.jsonObject(with: Data(analyze.stdout.utf8)) as? [String: Any]
            )
            let totals = try #require(analysis["totals"] as? [String: Any])
            #expect(totals["packets"] as? Int == wire["packets"] as? Int)
            let fromScanner = try #require(analysis["from_scanner"] as? [String: Any])
            #expect(fromScanner["tcp_syn"] as? Int == wire["tcp_syn"] as? Int)
            #expect(fromScanner["arp_requests"] as? Int == wire["arp_requests"] as? Int)
            // And tshark agrees on the same file.
            #expect(try Tshark.count(pcap, filter: "frame") == wire["packets"] as? Int)
            #expect(
                try Tshark.count(pcap, filter: "tcp.flags.syn==1 && tcp.flags.ack==0 && ip.src==198.18.0.50 && !icmp")
                    == wire["tcp_syn"] as? Int
            )
            #expect(
                try Tshark.count(pcap, filter: "arp.opcode==1 && arp.src.proto_ipv4==198.18.0.50") == wire[
                    "arp_requests"
                ] as? Int
            )
            // Budgeted strategies (both have a budget of 30 or 60) never exceed it on the wire.
            let peak = try #require(wire["tcp_peak_in_flight"] as? Int)
            #expect(peak <= 30, "\(entry["strategy"] ?? "") peak \(peak) in flight")
            #expect((wire["capture_drops"] as? Int) == 0)
        }
        // One run a strategy is one draw: compare sees review-phase2's TCP attempts worse than
        // scanbench-best's on it, and says that one draw cannot flag anything at the verdict's level
        // (INCONCLUSIVE, exit 3, with the draws needed) rather than calling it.
        let path = "\(out)/results.json"
        let same = try ScanBenchCLI.scanbench(["compare", path, path])
        #expect(same.status == 3 && same.stdout.contains("**INCONCLUSIVE**"), "\(same.stdout)\(same.stderr)")
        let worse = try ScanBenchCLI.scanbench([
            "compare", path, path, "--baseline-strategy", "scanbench-best", "--current-strategy", "review-phase2",
            "--json",
        ])
        #expect(worse.status == 3, "\(worse.stdout)\(worse.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(worse.stdout.utf8)) as? [String: Any])
        let attempts = try #require(
            (summary["tests"] as? [[String: Any]])?.first { $0["metric"] as? String == "wire.tcp_attempts" }
        )
        #expect(
            attempts["worse"] as? Int == 1 && attempts["draws"] as? Int == 1
                && attempts["outcome"] as? String == "inconclusive",
            "\(attempts)"
        )
        #expect(attempts["draws_needed"] as? Int == 3)
    }

    /// Issue 12: the harness probes and classifies what each scan found, after the scan, and
    /// scores it. scanbench-best sends no TCP SYN; the probe sends dozens (40 ports per device):
    /// none may be in the run's pcap or wire metrics.
    @Test("categories are scored inside the harness, after the scan, from the probe's blind verdicts")
    func categoriesScored() throws {
        let out = NSTemporaryDirectory() + "run-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "scanbench-best", "--repeat", "1", "--seed", "1",
                "--out", out,
            ],
            timeout: 120
        )
        #expect(run.status == 0, "\(run.stderr)")
        let document = try Self.results(out)
        let probe = try #require((document["environment"] as? [String: Any])?["category_probe"] as? [String: Any])
        #expect(probe["top_ports"] as? Int == 40)
        let entry = try #require((document["runs"] as? [[String: Any]])?.first)
        let metrics = try #require(entry["metrics"] as? [String: Any])
        let names = try #require(metrics["names"] as? [String: Any])
        let yield = try #require(metrics["yield"] as? [String: Any])
        let total = try #require(names["category_total"] as? Int)
        let correct = try #require(names["category_correct"] as? Int)
        #expect(total == yield["discoverable"] as? Int && total == 5, "every discoverable device of tiny")
        #expect(correct >= 4 && correct <= total, "\(correct)/\(total)")
        let seconds = try #require(names["category_probe_s"] as? Double)
        #expect(seconds > 1 && seconds < 15, "the probe took \(seconds) s")
        // Its cost comes from a capture of its own, which tshark reads the same way: one SYN per
        // connection attempt (a retransmitted SYN is the same attempt).
        let connections = try #require(names["category_probe_connections"] as? Int)
        let probePcap = "\(out)/probes/tiny-scanbench-best-scan-r1.pcap"
        let syns = try Tshark.count(
            probePcap,
            filter: "tcp.flags.syn==1 && tcp.flags.ack==0 && ip.src==198.18.0.50 && !tcp.analysis.retransmission"
        )
        #expect(connections > 0 && syns == connections, "probe connections \(connections), tshark \(syns)")
        #expect(try #require(names["category_probe_packets"] as? Int) >= connections)
        // The session pays for the step (issue 46): every frame of the step's capture on top of the
        // scan's, as tshark counts both files, and its connects on top of the stack's.
        let session = try #require(metrics["session"] as? [String: Any])
        let scanPcap = "\(out)/\(try #require(entry["pcap"] as? String))"
        let stepFrames = try Tshark.count(probePcap, filter: "frame"),
            scanFrames = try Tshark.count(scanPcap, filter: "frame")
        #expect(
            session["classify_packets"] as? Int == stepFrames && session["packets"] as? Int == scanFrames + stepFrames,
            "session \(session), tshark: scan \(scanFrames) frames, step \(stepFrames)"
        )
        let stack = try #require(metrics["stack"] as? [String: Any])
        #expect(session["connections_created"] as? Int == (stack["connections_created"] as? Int ?? -1) + connections)
        let ready = try #require(session["time_to_categories_s"] as? Double),
            scanned = try #require(metrics["duration_s"] as? Double)
        #expect(ready > scanned, "categories at \(ready) s, after the scan's \(scanned) s")
        let devices = try #require(entry["devices"] as? [[String: Any]])
        func device(_ name: String) throws -> [String: Any] {
            try #require(devices.first { $0["name"] as? String == name })
        }
        #expect(try device("gateway")["category_predicted"] as? String == "router")
        #expect(try device("gateway")["category_rule"] as? String == "gateway")
        let printer = try device("printer")
        #expect(
            printer["category_predicted"] as? String == "printer"
                && printer["category_rule"] as? String == "bonjour-type",
            "\(printer)"
        )
        #expect(printer["category_evidence"] as? String == "_ipp._tcp")
        // The probe's own output is kept beside the pcap, and its SYNs are not in the pcap.
        let probeFile = "\(out)/\(try #require(entry["probe"] as? String))"
        #expect(try String(contentsOfFile: probeFile, encoding: .utf8).contains("\"category_reason\""))
        let wire = try #require(metrics["wire"] as? [String: Any])
        #expect(wire["tcp_syn"] as? Int == 0)
        let pcap = "\(out)/\(try #require(entry["pcap"] as? String))"
        #expect(try Tshark.count(pcap, filter: "tcp.flags.syn==1 && tcp.flags.ack==0 && ip.src==198.18.0.50") == 0)
        let markdown = try ReportText.all(in: out)
        #expect(markdown.contains("### Category confusion"))
    }

    @Test("--resume runs only what an interrupted run did not finish, and refuses another plan")
    func resumedRun() throws {
        let out = NSTemporaryDirectory() + "resume-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let plan = [
            "run", "--fixture", "tiny", "--strategy", "scanbench-best", "--repeat", "2", "--seed", "1", "--no-classify",
            "--out", out,
        ]
        let first = try ScanBenchCLI.scanbench(plan, timeout: 600)
        #expect(first.status == 0, "\(first.stderr)")
        // Interrupted after its first run: results.json then held one run.
        let path = "\(out)/results.json"
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        )
        let runs = try #require(document["runs"] as? [[String: Any]])
        document["runs"] = runs.filter { $0["repetition"] as? Int == 1 }
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        let resumed = try ScanBenchCLI.scanbench(plan + ["--resume"], timeout: 600)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("1 successful runs kept, 1 to run"), "\(resumed.stderr)")
        let after = try Self.results(out)["runs"] as? [[String: Any]] ?? []
        #expect(after.compactMap { $0["seed"] as? Int }.sorted() == [1, 2])
        let other = try ScanBenchCLI.scanbench(plan.map { $0 == "2" ? "3" : $0 } + ["--resume"])
        #expect(other.status == 2 && other.stderr.contains("repetitions: 2 in"), "\(other.stderr)")
    }

    @Test("a dry run of the full suite counts each matrix once: the session scenarios run on its first fixture only")
    func fullSuiteDryRun() throws {
        let dry = try ScanBenchCLI.scanbench(["run", "--suite", "full", "--seed", "1", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        // 7 LANs × 7 presets × scan + home-wifi × 7 presets × 6 session scenarios, twice.
        #expect(
            dry.stderr.contains(
                "dry run: 234 runs: home-wifi, office-wifi, gen-home-25, gen-home-60, gen-iot-45, gen-office-90, gen-office-120 × 9 strategies × scan + home-wifi × 9 strategies × 6 scenarios, × 2 repetitions"
            ),
            "\(dry.stderr)"
        )
    }

    @Test(
        "a swept strategy split over two shards (one with peers): merge joins them, report shows both variants and the peers"
    )
    func sweepShardsMergeReport() throws {
        let base = NSTemporaryDirectory() + "shards-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        // One swept value: with the control every sweep runs, two strategies, one per shard.
        let plan = [
            "run", "--fixture", "tiny", "--strategy", "scanbench-best", "--sweep", "arp.settle_ms=1000", "--repeat",
            "1",
        ]
        // The two shards run at once, as two CI machines would: each brings up its own testbed.
        let shards = [["--shard", "1/2", "--peers", "--out", "\(base)/a"], ["--shard", "2/2", "--out", "\(base)/b"]]
        let outputs = Mutex<[Int: Result<ScanBenchCLI.Output, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: shards.count) { i in
            let output = Result { try ScanBenchCLI.scanbench(plan + shards[i], timeout: 300) }
            outputs.withLock { $0[i] = output }
        }
        for i in shards.indices {
            let output = try #require(outputs.withLock { $0[i] }).get()
            #expect(output.status == 0, "shard \(i + 1): \(output.stderr)")
        }
        let variants = ["scanbench-best", "scanbench-best[arp.settle_ms=1000]"]
        var seen: [String] = []
        for shard in ["a", "b"] {
            let runs = try #require(try Self.results("\(base)/\(shard)")["runs"] as? [[String: Any]])
            #expect(runs.count == 1, "shard \(shard) holds one of the two strategies (control and variant)")
            seen += runs.compactMap { $0["strategy"] as? String }
        }
        #expect(seen.sorted() == variants)
        // The peers ran once, in shard 1, against the tiny LAN: every live device answers ARP there.
        let peers = try #require(try Self.results("\(base)/a")["peers"] as? [[String: Any]])
        let tools = Set(peers.compactMap { $0["tool"] as? String })
        #expect(tools.isSuperset(of: ["nmap -sn", "arp-scan", "avahi-browse"]), "\(tools)")
        for row in peers where ["nmap -sn", "arp-scan"].contains(row["tool"] as? String) {
            #expect(row["found"] as? Int == row["discoverable"] as? Int, "\(row)")
        }
        // nmap -O -sV takes minutes per LAN: it runs only with --peer-os (NmapOSPeerTests parse its XML).
        #expect(!tools.contains("nmap -O -sV"), "\(tools)")
        #expect(
            ((try Self.results("\(base)/b")["peers"] as? [[String: Any]]) ?? []).isEmpty,
            "shard 2 ran without --peers"
        )

        let merge = try ScanBenchCLI.scanbench([
            "merge", "\(base)/a/results.json", "\(base)/b/results.json", "--out", "\(base)/all/results.json",
        ])
        #expect(merge.status == 0, "\(merge.stderr)")
        let merged = try Self.results("\(base)/all")
        #expect((merged["runs"] as? [[String: Any]])?.compactMap { $0["strategy"] as? String }.sorted() == variants)
        #expect((merged["peers"] as? [[String: Any]])?.count == peers.count)
        let again = try ScanBenchCLI.scanbench([
            "merge", "\(base)/a/results.json", "\(base)/a/results.json", "--out", "\(base)/x.json",
        ])
        #expect(
            again.status != 0 && again.stderr.contains("share runs"),
            "the same shard twice is refused: \(again.stderr)"
        )

        let report = try ScanBenchCLI.scanbench(["report", "\(base)/all/results.json"])
        #expect(report.status == 0, "\(report.stderr)")
        let markdown = try ReportText.all(in: "\(base)/all")
        for name in variants + ["nmap -sn", "arp-scan"] {
            #expect(markdown.contains(name), "report.md lacks \(name)")
        }
    }

    @Test("a run killed with SIGKILL mid-way: its controller takes the LAN down, and the next run works")
    func killedRun() throws {
        let out = NSTemporaryDirectory() + "run-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let before = Set(TestbedState.allIDs())
        let child = try ChildProcess.spawn([
            ScanBenchCLI.binary, "run", "--fixture", "tiny", "--strategy", "netmonitor-2.0",
            "--repeat", "1", "--out", out,
        ])
        var started: String?
        for _ in 0..<300 where started == nil {
            usleep(100_000)
            started = Set(TestbedState.allIDs()).subtracting(before).first { id in
                TestbedState.load(id: id)?.phase == .ready && id.hasPrefix("run")
            }
        }
        let id = try #require(started, "the run never brought its LAN up")
        usleep(3_000_000)  // mid-scan
        kill(child.pid, SIGKILL)
        child.wait()
        // The controller watches the run that owns its LAN (`testbed up --owner`) and takes it down;
        // its log goes last, after the teardown.
        let deadline = Date().addingTimeInterval(15)
        while TestbedState.load(id: id) != nil
            || ScanBenchCLI.ourNamespaces().contains(where: {
                $0.hasPrefix("scanbench-\(id)-")
            }) || FileManager.default.fileExists(atPath: TestbedNames(id: id).controllerLog), Date() < deadline
        {
            usleep(100_000)
        }
        #expect(!ScanBenchCLI.ourNamespaces().contains { $0.hasPrefix("scanbench-\(id)-") })
        #expect(TestbedState.load(id: id) == nil)
        #expect(!FileManager.default.fileExists(atPath: TestbedNames(id: id).controllerLog))
        let down = try ScanBenchCLI.scanbench(["testbed", "down", "--id", id])
        #expect(down.status == 0, "nothing left to remove, and that is no error")
        let again = try ScanBenchCLI.scanbench(
            ["run", "--fixture", "tiny", "--strategy", "scanbench-best", "--repeat", "1", "--out", out],
            timeout: 300
        )
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test("Ctrl-C during a run removes the run's own LAN and leaves another run's alone")
    func interruptedRun() throws {
        let out = NSTemporaryDirectory() + "run-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        // A LAN that looks like another run's (same "run" prefix) and must survive.
        let other = "run" + String(format: "%02x", UInt8.random(in: 0...0xFF)) + "9"
        let up = try ScanBenchCLI.scanbench(["testbed", "up", "tiny", "--detach", "--id", other])
        #expect(up.status == 0, "\(up.stderr)")
        defer { _ = try? ScanBenchCLI.scanbench(["testbed", "down", "--id", other]) }
        let before = Set(TestbedState.allIDs())
        let child = try ChildProcess.spawn([
            ScanBenchCLI.binary, "run", "--fixture", "tiny", "--strategy", "netmonitor-2.0",
            "--repeat", "1", "--out", out,
        ])
        var started: String?
        for _ in 0..<300 where started == nil {
            usleep(100_000)
            started = Set(TestbedState.allIDs()).subtracting(before).first {
                TestbedState.load(id: $0)?.phase == .ready
            }
        }
        let id = try #require(started, "the run never brought its LAN up")
        #expect(!id.hasPrefix(String(other.prefix(5))), "the run picked a stem no testbed uses")
        usleep(2_000_000)  // mid-scan
        kill(child.pid, SIGINT)
        #expect(child.wait() == 130)
        #expect(TestbedState.load(id: id) == nil, "the run removed its LAN")
        #expect(!ScanBenchCLI.ourNamespaces().contains { $0.hasPrefix("scanbench-\(id)-") })
        #expect(TestbedState.load(id: other)?.phase == .ready, "another run's LAN is left alone")
        #expect(ScanBenchCLI.ourNamespaces().contains { $0.hasPrefix("scanbench-\(other)-") })
    }
}
