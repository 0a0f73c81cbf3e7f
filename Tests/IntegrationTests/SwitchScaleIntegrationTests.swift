import Foundation
import Testing

/// The userspace switch at the size of issue 34's twin: a generated 250-device /23 in which a
/// third of the hosts answer ARP only, measured with iputils ping and arp-scan against a kernel
/// bridge brought up beside it in the same run (so the machine's load is the same for both).
///
/// It keeps the two faults that made a 253-device twin differ from its original: a wake-up that
/// cost time per port (ppoll over every TAP, a scan of every port's queues: 0.5 ms added at idle
/// where the bridge adds 0.05) and broadcast ARP requests flooded to every port (an ARP sweep
/// queued echoes for up to 660 ms). The full twin round trip takes minutes and stays in
/// scripts/twin-roundtrip; scripts/switch-rtt measures the same as this test with a real scan.
/// Bounds are looser than the targets (0.1 ms idle, 0.5 ms in a scan) because the test shares two
/// cores with everything else: each is still a fraction of what the faults cost.
@Suite("The switch at 250 devices", .tags(.integration), .serialized)
struct SwitchScaleIntegrationTests {
    /// A generated LAN plus `rtt-probe`, a device with no link impairment, at the first free address.
    static func fixture(in directory: String) throws -> (path: String, probe: String) {
        let path = "\(directory)/lan.yaml"
        let generate = try ScanBenchCLI.scanbench([
            "fixture", "generate", "--seed", "34", "--devices", "250", "--subnet", "/23",
            "--profile", "office", "--arp-only-percent", "33", "--out", path,
        ])
        #expect(generate.status == 0, "\(generate.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let taken = Set(
            text.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("ip: ") || trimmed.hasPrefix("- ip: ")
                    ? String(trimmed.split(separator: " ").last!) : nil
            }
        )
        let probe = try #require((2...254).map { "198.18.0.\($0)" }.first { !taken.contains($0) })
        try (text + "- name: rtt-probe\n  ip: \(probe)\n  mac: \"02:aa:00:00:00:01\"\n  category: computer\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return (path, probe)
    }

    /// Two namespaces joined by a kernel bridge in a third, named under the testbed's id so that
    /// `testbed down --id` removes them; returns the namespace to ping from.
    static func kernelBridge(id: String) throws -> String {
        let ns = "scanbench-\(id)-kb"
        var script = ""
        for name in ["a", "b", "r"] { script += "ip netns add \(ns)\(name); ip -n \(ns)\(name) link set lo up; " }
        script += "ip -n \(ns)r link add br0 type bridge; ip -n \(ns)r link set br0 up; "
        for (name, address) in [("a", "198.19.253.1"), ("b", "198.19.253.2")] {
            script +=
                "ip -n \(ns)r link add p\(name) type veth peer name eth0 netns \(ns)\(name); ip -n \(ns)r link set p\(name) master br0 up; "
            script += "ip -n \(ns)\(name) addr add \(address)/24 dev eth0; ip -n \(ns)\(name) link set eth0 up; "
        }
        script +=
            "ip -n \(ns)a neigh replace 198.19.253.2 lladdr $(ip -n \(ns)b -o link show eth0 | sed -n 's/.*ether \\([0-9a-f:]*\\).*/\\1/p') dev eth0 nud permanent"
        let built = try ScanBenchCLI.run(["sh", "-c", script])
        #expect(built.status == 0, "\(built.stderr)")
        return "\(ns)a"
    }

    /// `COUNT` echoes 5 ms apart from `namespace`; the per-echo RTTs.
    static func ping(from namespace: String, to address: String, count: Int = 200) throws -> [Double] {
        PingOutput.rtts(
            try ScanBenchCLI.run(
                ["ip", "netns", "exec", namespace, "ping", "-n", "-i", "0.005", "-c", "\(count)", "-W", "1", address],
                timeout: 60
            ).stdout
        )
    }

    static func load() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init)
            ?? "?"
    }

    @Test(
        "250 devices up: the switch adds ≤ 0.25 ms to an idle round trip over a kernel bridge, echoes stay ≤ 5 ms (p90) through an ARP sweep of the /23, and every ARP-only host answers it",
        .timeLimit(.minutes(2))
    )
    func switchAtScale() throws {
        let started = Date()
        let directory = NSTemporaryDirectory() + "switch-scale-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (path, probe) = try Self.fixture(in: directory)
        let testbed = try LiveTestbed.up(path, extra: ["--no-services"])
        defer { testbed.down() }
        let upSeconds = Date().timeIntervalSince(started)
        let bridge = try Self.kernelBridge(id: testbed.id)
        let probeMAC = try #require(testbed.truthDevices.first { $0.name == "rtt-probe" }?.device["mac"] as? String)
        try testbed.shell(
            "ip neigh replace \(probe) lladdr \(probeMAC) dev eth0 nud permanent; ping -n -c 3 -i 0.05 \(probe) > /dev/null"
        )

        // Idle: the same number of echoes through each path, one after the other.
        let throughSwitch = try Self.ping(from: testbed.scannerNamespace, to: probe)
        let throughBridge = try Self.ping(from: bridge, to: "198.19.253.2")
        #expect(throughSwitch.count == 200 && throughBridge.count == 200)
        let added = PingOutput.median(throughSwitch) - PingOutput.median(throughBridge)
        print(
            "switch at 250 devices, idle: switch median \(PingOutput.median(throughSwitch)) ms, kernel bridge \(PingOutput.median(throughBridge)) ms, added \(String(format: "%.3f", added)) ms (load \(Self.load()))"
        )
        #expect(added <= 0.25, "the switch adds \(added) ms at idle (0.5 ms when each wake-up cost time per port)")

        // An ARP sweep of the whole /23 at 4,000 requests a second (a scan's pace), with echoes
        // 10 ms apart through it; arp-scan times every ARP answer.
        let sweep = try testbed.shell(
            """
            out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
            arp-scan --interface eth0 --localnet --interval 250u --retry 3 --rtt --plain --format '${ip}\t${RTT}' > "$out/arp" &
            ping -n -i 0.01 -c 150 -W 1 \(probe) > "$out/ping"; wait
            cat "$out/ping"; echo "== arp"; cat "$out/arp"
            """,
            timeout: 60
        ).stdout
        let parts = sweep.components(separatedBy: "== arp\n")
        let echoes = PingOutput.rtts(parts[0]).sorted()
        #expect(echoes.count >= 145, "\(echoes.count) of 150 echoes answered during the sweep")
        let p90 = echoes.isEmpty ? .infinity : echoes[echoes.count * 9 / 10]
        print(
            "switch at 250 devices, ARP sweep: echo median \(PingOutput.median(echoes)) ms, p90 \(p90) ms, max \(echoes.last ?? .nan) ms (load \(Self.load()))"
        )
        #expect(
            p90 <= 5,
            "echoes waited behind the sweep: p90 \(p90) ms (up to 660 ms when every request was flooded to every port)"
        )

        var arpRTT: [String: Double] = [:]
        for line in (parts.count > 1 ? parts[1] : "").split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2 { arpRTT[String(fields[0])] = Double(fields[1].split(separator: " ")[0]) }
        }
        // ARP-only hosts (no echo, every port filtered) with a prompt, reliable ARP: each answers,
        // within its link's longest round trip (delay + jitter, each way) plus 20 ms of a loaded
        // machine's scheduling.
        let arpOnly = testbed.truthDevices.filter { truth in
            truth.device["arp"] == nil && (truth.device["notes"] as? String ?? "").contains("ARP only")
        }
        #expect(arpOnly.count >= 60, "the fixture has \(arpOnly.count) prompt ARP-only hosts")
        for truth in arpOnly {
            let link = truth.device["link"] as? [String: Any]
            let delay = (link?["delay_ms"] as? Double ?? 0) + (link?["jitter_ms"] as? Double ?? 0)
            let rtt = try #require(arpRTT[truth.ip], "ARP-only \(truth.name) \(truth.ip) never answered the sweep")
            #expect(
                rtt <= 2 * delay + 20,
                "ARP-only \(truth.ip): ARP round trip \(rtt) ms, link at most 2 × \(delay) ms"
            )
        }
        print(
            "switch at 250 devices: \(arpRTT.count) ARP answers, \(arpOnly.count) prompt ARP-only hosts all answered; testbed up in \(String(format: "%.1f", upSeconds)) s, test \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
        )
    }
}
