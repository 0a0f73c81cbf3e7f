import Foundation
import Spawn
import Testing

/// NetDiag+'s own tools in the session (issue 43): under `netdiag-plus` the ping is its marked ICMP
/// echo read under `SO_RCVTIMEO` and the traceroute its UDP probes to 33434+ (seed 003), under
/// `netmonitor-2.0` NetMonitor's ICMP ones — seen on the wire with tshark, and each checked against
/// the real tools: the harness's `traceroute -n -q 1 -w 1`, and iputils `ping` and `traceroute`
/// run beside the app in the same namespace.
@Suite(
    "NetDiag+'s tools in the session",
    .tags(.integration),
    .serialized,
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
)
struct NetDiagToolsIntegrationTests {
    @Test(
        "netdiag-tools on home: netdiag-plus sends marked echoes and UDP probes, netmonitor-2.0 plain echoes and ICMP probes; both traces agree with traceroute"
    )
    func mechanismsOnTheWire() throws {
        let out = NSTemporaryDirectory() + "netdiag-tools-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "home", "--strategy", "netdiag-plus", "--strategy", "netmonitor-2.0",
                "--scenario", "netdiag-tools", "--repeat", "1", "--no-classify", "--seed", "3", "--out", out,
            ],
            timeout: 300
        )
        #expect(run.status == 0, "\(run.stderr)")
        let runs = try AppSessionIntegrationTests.runs(out)
        for (strategy, pingMethod) in [("netdiag-plus", "icmp_rcvtimeo"), ("netmonitor-2.0", "icmp")] {
            let metrics = try AppSessionIntegrationTests.metrics(runs, strategy: strategy, scenario: "netdiag-tools")
            let ping = try #require(metrics["ping"] as? [String: Any], "\(strategy): \(metrics.keys.sorted())")
            #expect(ping["method"] as? String == pingMethod, "\(strategy): \(ping)")
            #expect(ping["echoes"] as? Int == 10 && ping["lost"] as? Int == 0, "\(strategy): \(ping)")
            // Every echo found on the wire, and the tool's RTT within 5 ms of the wire's.
            #expect(ping["matched_on_wire"] as? Int == 10, "\(strategy): \(ping)")
            let wireError = ping["vs_wire_abs_ms_median"] as? Double ?? .infinity
            #expect(wireError < 5, "\(strategy): |tool − wire| median \(wireError) ms")
            let lookups = try #require(metrics["lookups"] as? [String: Any])
            let trace = try #require(lookups["trace"] as? [String: Any], "\(strategy): \(lookups)")
            #expect(trace["agrees"] as? Bool == true, "\(strategy): \(trace)")
            #expect(trace["ours"] as? String == "198.18.0.1 198.19.254.2 198.19.254.6 198.19.200.10", "\(strategy)")
            // The host monitor: the ping target up, $down_target (no device) down, nothing after the first pass.
            let monitor = try #require(lookups["monitor"] as? [String: Any], "\(strategy): \(lookups)")
            #expect(monitor["agrees"] as? Bool == true, "\(strategy): \(monitor)")
            let said = monitor["ours"] as? String ?? ""
            #expect(said.contains("\(ping["target"] as? String ?? "?") -→up@1") && said.contains("-→down@1"), "\(said)")
            // The certificate check against openssl s_client | openssl x509 on the gateway's HTTPS port
            // (its certificate is generated when the testbed starts: the expiry differs run to run).
            let cert = try #require(lookups["cert"] as? [String: Any], "\(strategy): \(lookups)")
            #expect(cert["agrees"] as? Bool == true, "\(strategy): \(cert)")
            #expect((cert["ours"] as? String)?.hasPrefix("CN=fritz-box | CN=fritz-box | 20") == true, "\(cert)")

            let entry = try #require(runs.first { $0["strategy"] as? String == strategy })
            let pcap = "\(out)/\(try #require(entry["pcap"] as? String))"
            let target = try #require(ping["target"] as? String)
            let echoes = try Tshark.count(pcap, filter: "icmp.type==8 && ip.dst==\(target)")
            let marked = try Tshark.count(pcap, filter: "icmp.type==8 && ip.dst==\(target) && icmp contains \"SBnt\"")
            // The ICMP errors quote each probe's headers, which the fields match too: leave them out.
            let notErrors = "!(icmp.type==11 || icmp.type==3)"
            let udpProbes = try Tshark.count(
                pcap,
                filter: "ip.dst==198.19.200.10 && udp.dstport>=33434 && udp.dstport<33534 && udp.length==40 && !icmp"
            )
            let icmpProbes = try Tshark.count(pcap, filter: "ip.dst==198.19.200.10 && icmp.type==8 && \(notErrors)")
            print(
                "netdiag tools: \(strategy): \(echoes) echoes (\(marked) marked), trace probes: \(udpProbes) UDP, "
                    + "\(icmpProbes) ICMP; |tool − wire| median \(wireError) ms; monitor: \(said)"
            )
            // The ping's 10 echoes and one per monitor pass (NetTools' Pinger, always marked).
            #expect(echoes == 13)
            if strategy == "netdiag-plus" {
                // 003:21-36 the marker in every echo; 003:55-62 one UDP probe of 32 bytes per TTL, 4 TTLs.
                #expect(marked == 13 && udpProbes == 4 && icmpProbes == 0, "\(strategy)")
            } else {
                // NetMonitor: its 16-byte payload, no marker; 3 ICMP probes per TTL (spec §5.3).
                #expect(marked == 3 && udpProbes == 0 && icmpProbes == 12, "\(strategy)")
            }
        }
    }

    @Test(
        "netdiag-plus's ping and traceroute against iputils ping and traceroute in the same namespace; its monitor sees a device leave and come back"
    )
    func againstIputils() throws {
        let testbed = try LiveTestbed.up("home")
        defer { testbed.down() }
        let target = "198.18.0.62"
        let app = try testbed.exec(
            [
                ScanBenchCLI.binary, "app", "--script", "netdiag-tools", "--strategy", "netdiag-plus",
                "--target", "ping_target=\(target)", "--target", "trace_target=198.19.200.10",
                "--target", "down_target=198.18.0.254", "--target", "tls_endpoint=198.18.0.61:5001", "--json",
            ],
            timeout: 120
        )
        #expect(app.status == 0, "\(app.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(app.stdout.utf8)) as? [String: Any])
        let ping = try #require((report["pings"] as? [[String: Any]])?.first, "\(report.keys.sorted())")
        #expect(ping["method"] as? String == "icmp_rcvtimeo")
        let ours = (ping["replies"] as? [[String: Any]] ?? []).compactMap { $0["rtt_ms"] as? Double }
        #expect(ours.count == 10, "\(ping)")
        let iputils = PingOutput.rtts(try testbed.shell("ping -n -c 10 -i 0.2 -W 2 \(target)").stdout)
        #expect(iputils.count == 10)
        let (oursMedian, theirsMedian) = (PingOutput.median(ours), PingOutput.median(iputils))
        print("netdiag tools: ping \(target): ours median \(oursMedian) ms, iputils median \(theirsMedian) ms")
        #expect(abs(oursMedian - theirsMedian) < 2, "ours \(ours), iputils \(iputils)")

        let cert = try #require((report["certs"] as? [[String: Any]])?.first)
        #expect(cert["subject"] as? String == "CN=family-nas" && cert["self_signed"] as? Bool == true, "\(cert)")
        let trace = try #require((report["traces"] as? [[String: Any]])?.first)
        #expect(trace["method"] as? String == "udp")
        let hops = (trace["hops"] as? [[String: Any]] ?? []).map { $0["address"] as? String ?? "*" }
        let reference = try testbed.shell("traceroute -n -q 1 -w 1 198.19.200.10").stdout
        let theirs = reference.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: " ").dropFirst().first.map(String.init)
        }
        #expect(hops == theirs, "ours \(hops), traceroute:\n\(reference)")
        #expect(hops.count == 4)

        // The monitor action while raspberry-pi really goes off its link and back (as
        // CertMonitorIntegrationTests does for `scanbench monitor`): 003:132-134, transitions only.
        let script = NSTemporaryDirectory() + "monitor-\(UUID().uuidString).yaml"
        defer { try? FileManager.default.removeItem(atPath: script) }
        try """
        name: monitor-link-down
        actions:
          - {at_s: 0, monitor: {targets: [198.18.0.62, 198.18.0.1], rounds: 12, interval_ms: 500, timeout_ms: 400}}
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let toggle = try ChildProcess.spawn([
            "sh", "-c",
            """
            sleep 1.7; \(ScanBenchCLI.binary) testbed exec --id \(testbed.id) --in raspberry-pi -- ip link set eth0 down; \
            sleep 1.5; \(ScanBenchCLI.binary) testbed exec --id \(testbed.id) --in raspberry-pi -- ip link set eth0 up
            """,
        ])
        let monitored = try testbed.exec(
            [ScanBenchCLI.binary, "app", "--script", script, "--strategy", "netdiag-plus", "--json"],
            timeout: 60
        )
        toggle.wait()
        #expect(monitored.status == 0, "\(monitored.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(monitored.stdout.utf8)) as? [String: Any]
        )
        let run = try #require((object["monitors"] as? [[String: Any]])?.first, "\(object.keys.sorted())")
        #expect(run["method"] as? String == "icmp_rcvtimeo" && run["error"] == nil, "\(run)")
        let transitions = run["transitions"] as? [[String: Any]] ?? []
        func changes(_ host: String) -> [String] {
            transitions.filter { $0["host"] as? String == host }.map {
                "\($0["from"] as? String ?? "-")→\($0["to"] as? String ?? "?")"
            }
        }
        print("netdiag tools: monitor: \(transitions)")
        #expect(changes("198.18.0.62") == ["-→up", "up→down", "down→up"], "\(transitions)")
        #expect(changes("198.18.0.1") == ["-→up"], "a host that stays up reports nothing after its first state")
    }
}
