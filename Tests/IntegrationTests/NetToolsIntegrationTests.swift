import Foundation
import Testbed
import Testing

/// The NetTools commands against the home testbed, each compared with the reference tool on the
/// same target, plus bad-input handling. Swift Testing makes an instance per test, so each test
/// brings its own `home` testbed up and down (about 4 s each).
@Suite("NetTools on the home testbed", .tags(.integration), .serialized)
final class NetToolsIntegrationTests {
    let testbed: LiveTestbed
    init() throws { testbed = try LiveTestbed.up("home") }
    deinit { testbed.down() }

    /// Runs our scanbench in the scanner namespace.
    func tool(_ arguments: [String], timeout: Double = 60) throws -> ScanBenchCLI.Output {
        try testbed.exec([ScanBenchCLI.binary] + arguments, timeout: timeout)
    }

    func json(_ output: ScanBenchCLI.Output) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    }

    @Test(
        "every tool: ping ≈ iputils, traceroute = traceroute, dns = dig, whois = whois, ports = nmap -sT, wol = listener, probe classifies"
    )
    func tools() throws {
        // ping vs iputils ping, interleaved on the same 10 ms (5 ms each way) jitter-free link.
        let target = "198.18.0.87"
        try testbed.shell("ping -c 1 -W 2 \(target) >/dev/null; true")
        let script =
            "\(ScanBenchCLI.binary) ping --json -c 20 -i 0.1 \(target) > /tmp/$$.ours & ping -c 20 -i 0.1 \(target) > /tmp/$$.ref & wait; cat /tmp/$$.ours; echo '=====' ; cat /tmp/$$.ref; rm -f /tmp/$$.*"
        let both = try testbed.shell(script, timeout: 30).stdout.components(separatedBy: "=====\n")
        let ours = try JSONSerialization.jsonObject(with: Data(both[0].utf8)) as? [String: Any] ?? [:]
        let oursRTT = (ours["replies"] as? [[String: Any]] ?? []).compactMap { $0["rtt_ms"] as? Double }
        let refRTT = PingOutput.rtts(both.count > 1 ? both[1] : "")
        let delta = abs(PingOutput.median(oursRTT) - PingOutput.median(refRTT))
        print(
            "ping \(target): scanbench median \(PingOutput.median(oursRTT)) ms (\(oursRTT.count)/20), iputils median \(PingOutput.median(refRTT)) ms (\(refRTT.count)/20), Δ \(delta) ms"
        )
        #expect(ours["method"] as? String == "icmp")
        #expect(oursRTT.count == refRTT.count, "same loss")
        #expect(delta <= 0.3)

        // traceroute vs traceroute: same hops.
        let trace =
            try json(try tool(["traceroute", "--json", "-n", "-q", "1", "-w", "1", "198.19.200.12"])) as? [String: Any]
            ?? [:]
        let ourHops = (trace["hops"] as? [[String: Any]] ?? []).map { $0["address"] as? String ?? "*" }
        let reference = try testbed.exec(["traceroute", "-n", "-q", "1", "-w", "1", "198.19.200.12"]).stdout
        let refHops = reference.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ").dropFirst().first.map(String.init) ?? "*"
        }
        print("traceroute: ours \(ourHops), reference \(refHops)")
        #expect(ourHops == refHops && ourHops.count == 4)
        for method in ["icmp", "tcp"] {
            let other =
                try json(
                    try tool([
                        "traceroute", "--json", "-n", "-q", "1", "-w", "1", "--method", method, "-p", "43",
                        "198.19.200.12",
                    ])
                ) as? [String: Any] ?? [:]
            #expect(
                (other["hops"] as? [[String: Any]] ?? []).map { $0["address"] as? String ?? "*" } == refHops,
                "\(method)"
            )
        }

        // dns vs dig.
        for (name, type) in [
            ("fritz-box.home.arpa", "A"), ("198.18.0.10", "PTR"), ("family-nas.home.arpa", "A"), ("home.arpa", "SOA"),
        ] {
            let result = try json(try tool(["dns", "--json", "-t", type, name])) as? [String: Any] ?? [:]
            let ourData = Set((result["answers"] as? [[String: Any]] ?? []).map { $0["data"] as? String ?? "" })
            let digArgs = type == "PTR" ? ["dig", "+short", "-x", name] : ["dig", "+short", "-t", type, name]
            let digData = Set(try testbed.exec(digArgs).stdout.split(separator: "\n").map(String.init))
            #expect(ourData == digData, "\(type) \(name): ours \(ourData), dig \(digData)")
        }

        // whois vs whois -h along the chain.
        let whois =
            try json(try tool(["whois", "--json", "-h", "whois.iana.example", "netmonitor.example"])) as? [String: Any]
            ?? [:]
        let chain = (whois["chain"] as? [[String: Any]] ?? []).map { $0["server"] as? String ?? "" }
        #expect(chain == ["whois.iana.example", "whois.nic.example", "whois.registrar.example"])
        let refRaw = try testbed.exec(["whois", "-h", "whois.registrar.example", "netmonitor.example"]).stdout
        let norm = { (text: String) in
            text.replacingOccurrences(of: "\r", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(norm(whois["raw"] as? String ?? "") == norm(refRaw))
        let record = whois["record"] as? [String: Any] ?? [:]
        #expect(record["registrar"] as? String == "Example Registrar, Inc.")
        #expect(record["name_servers"] as? [String] == ["ns1.netmonitor.example", "ns2.netmonitor.example"])
        let asn =
            try json(try tool(["whois", "--json", "-h", "whois.iana.example", "AS64500"])) as? [String: Any] ?? [:]
        #expect(
            norm(asn["raw"] as? String ?? "")
                == norm(try testbed.exec(["whois", "-h", "whois.rir.example", "AS64500"]).stdout)
        )

        // ports vs nmap -sT on several devices, every port of the common preset.
        let common = "20,21,22,23,25,53,80,110,143,443,445,993,995,3306,3389,5432,5900,8080,8443"
        for ip in ["198.18.0.1", "198.18.0.63", "198.18.0.61", "198.18.0.30"] {
            let scan =
                try json(try tool(["ports", "--json", "-p", "common", "--timeout", "1.5", ip])) as? [String: Any] ?? [:]
            let ours = Dictionary(
                uniqueKeysWithValues: (scan["ports"] as? [[String: Any]] ?? []).map {
                    ($0["port"] as? Int ?? 0, $0["state"] as? String ?? "")
                }
            )
            let nmap = try testbed.exec([
                "nmap", "-sT", "-Pn", "-n", "-p", common, "--max-retries", "1", "-oG", "-", ip,
            ]).stdout
            var theirs: [Int: String] = [:]
            for entry in nmap.components(separatedBy: "Ports: ").dropFirst().first?.split(separator: "\t").first?.split(
                separator: ","
            ) ?? [] {
                let fields = entry.trimmingCharacters(in: .whitespaces).split(
                    separator: "/",
                    omittingEmptySubsequences: false
                )
                if fields.count > 1, let port = Int(fields[0]) { theirs[port] = String(fields[1]) }
            }
            #expect(ours.count == 19)
            for port in ours.keys {
                #expect(
                    ours[port] == (theirs[port] ?? "?"),
                    "\(ip):\(port) ours \(ours[port]!) nmap \(theirs[port] ?? "?")"
                )
            }
        }

        // wol vs what the listener on thinkpad-linux recorded, byte for byte.
        let wol =
            try json(try tool(["wol", "--json", "--broadcast", "198.18.0.255", "8C-16-45-90-3D-5E"])) as? [String: Any]
            ?? [:]
        Thread.sleep(forTimeInterval: 0.5)
        let log = try ScanBenchCLI.scanbench([
            "testbed", "exec", "--id", testbed.id, "--in", "thinkpad-linux", "--", "cat",
            "\(TestbedNames(id: testbed.id).stateDirectory)/wol/thinkpad-linux.log",
        ]).stdout
        #expect(log.split(separator: "\n").last.map(String.init) == wol["packet_hex"] as? String)
        #expect((wol["packet_hex"] as? String)?.count == 204)

        // probe: classification of every home device against the fixture's category.
        let truth = testbed.truthDevices
        let probe = try json(try tool(["probe", "--json"] + truth.map(\.ip), timeout: 90)) as? [[String: Any]] ?? []
        var correct: [String: (Int, Int)] = [:]
        var misses: [String] = []
        var wrong: [String] = []
        for device in truth {
            let category = device.device["category"] as? String ?? ""
            let report = probe.first { $0["ip"] as? String == device.ip }
            let ok = report?["category"] as? String == category
            correct[category, default: (0, 0)].0 += ok ? 1 : 0
            correct[category, default: (0, 0)].1 += 1
            if !ok {
                misses.append(
                    "\(device.name): \(report?["category"] as? String ?? "unknown") (\(report?["rule"] as? String ?? "-"))"
                )
            }
            if !ok, let given = report?["category"] as? String {
                wrong.append("\(device.name): \(given) (\(report?["rule"] as? String ?? "-"))")
            }
        }
        let total = correct.values.reduce(0) { $0 + $1.0 }
        print(
            "probe accuracy: \(total)/\(truth.count); "
                + correct.keys.sorted().map { "\($0) \(correct[$0]!.0)/\(correct[$0]!.1)" }.joined(separator: ", ")
        )
        print("probe misses: \(misses)")
        // A category given is right (a vendor is only a hint, so no maker's lean is a wrong answer);
        // the devices left unknown are those whose announcements decide nothing (blindMisses).
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(misses.allSatisfy { miss in Self.blindMisses.contains { miss.hasPrefix($0 + ":") } }, "\(misses)")
        #expect(total >= 19, "\(misses)")
    }

    /// The home devices the blind classifier leaves unknown, and why (docs/TOOLS.md): nothing they
    /// announce decides, and their MAC's vendor is a hint only — PlayStation (Sony leans tv),
    /// Echo (Amazon: one fingerprint, a Kindle), WeMo (Belkin leans router; also hard to reach:
    /// it drops ARP replies and pings), ThinkPad (LCFC), Hue light (Signify), Tuya plug (vendors
    /// nmap-os-db does not know, every port closed or filtered, nothing announced), and
    /// nintendo-switch (asleep half the time, announces nothing), bedroom-lg-tv (LG leans tv: a
    /// hint), family-nas and samsung-tv (two weak signals that disagree: SMB suggests a computer
    /// where Synology leans storage; AirPlay suggests a TV where Samsung's nmap fingerprints lean
    /// printer), and driveway-cam (RTSP's 554 suggests a camera; Hikvision's fingerprints lean elsewhere).
    static let blindMisses = [
        "playstation", "kitchen-echo", "hallway-wemo", "thinkpad-linux", "hallway-light", "desk-plug",
        "nintendo-switch", "bedroom-lg-tv", "family-nas", "samsung-tv", "driveway-cam",
    ]

    @Test("bonjour resolves exactly what avahi-browse resolves, and both are the fixture's mDNS services")
    func bonjour() throws {
        // 12 s: the slowest home responders answer 5-10 s after a query.
        let ours = try json(try tool(["bonjour", "--json", "--window", "12"], timeout: 30)) as? [[String: Any]] ?? []
        let ourSet = Set(
            ours.flatMap { service in
                (service["addresses"] as? [String] ?? []).map { address in
                    AvahiBrowse.Entry(
                        instance: service["instance"] as? String ?? "",
                        type: service["type"] as? String ?? "",
                        address: address,
                        port: service["port"] as? Int ?? -1
                    )
                }
            }
        )
        let avahiSet = try AvahiBrowse.resolved(on: testbed)
        let fixtureSet = Set(
            testbed.truthDevices.flatMap { device in
                device.mdns.map {
                    AvahiBrowse.Entry(instance: $0.instance, type: $0.type, address: device.ip, port: $0.port)
                }
            }
        )
        print(
            "bonjour: scanbench \(ourSet.count), avahi-browse \(avahiSet.count), fixture \(fixtureSet.count) (instance, type, ip, port)"
        )
        #expect(fixtureSet.count == 40)
        #expect(
            ourSet == avahiSet,
            "only scanbench: \(ourSet.subtracting(avahiSet)); only avahi: \(avahiSet.subtracting(ourSet))"
        )
        #expect(
            avahiSet == fixtureSet,
            "only avahi: \(avahiSet.subtracting(fixtureSet)); only fixture: \(fixtureSet.subtracting(avahiSet))"
        )
    }

    @Test("scan --probe classifies every device the public sources describe")
    func scanProbe() throws {
        let output = try tool(["scan", "--strategy", "scanbench-best", "--probe", "--json"], timeout: 80)
        #expect(output.status == 0, "\(output.stderr)")
        let devices = (try json(output) as? [String: Any])?["devices"] as? [[String: Any]] ?? []
        var correct = 0
        var misses: [String] = []
        var wrong: [String] = []
        var unseen: [String] = []
        for truth in testbed.truthDevices {
            let expected = truth.device["category"] as? String ?? ""
            guard let device = devices.first(where: { $0["ip"] as? String == truth.ip }) else {
                unseen.append(truth.name)
                continue
            }
            if device["category"] as? String == expected {
                correct += 1
            } else {
                misses.append(
                    "\(truth.name): \(device["category"] as? String ?? "unknown") (\(device["category_reason"] as? String ?? "-"))"
                )
                if let given = device["category"] as? String { wrong.append("\(truth.name): \(given)") }
            }
            #expect(device["probe"] is [String: Any] && device["category_reason"] is String, "\(truth.name)")
        }
        print(
            "scan --probe accuracy: \(correct)/\(testbed.truthDevices.count); scanned \(devices.count); misses \(misses); not found by the scan \(unseen)"
        )
        // Every category given is right; the unknowns are the devices nothing public decides.
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(misses.allSatisfy { miss in Self.blindMisses.contains { miss.hasPrefix($0 + ":") } }, "\(misses)")
        #expect(correct >= 19, "\(misses)")
        // Sleeping phones answer ARP 40-60 % of the time: allow one to be missed by the scan itself.
        #expect(unseen.count <= 1, "\(unseen)")
    }

    @Test("bad input: clear message, non-zero exit, no hang")
    func badInput() throws {
        let cases: [([String], String)] = [
            (["ping", "no-such-host.home.arpa"], "unknown host"),
            (["ping", "-c", "0", "198.18.0.1"], "--count"),
            (["traceroute", "--method", "raw", "198.18.0.1"], "unknown method"),
            (["dns", "-t", "AXFR", "home.arpa"], "unsupported record type"),
            (["dns", "--server", "198.18.0.99", "--timeout", "1", "fritz-box.home.arpa"], "DNS server"),
            (["whois", "-h", "no-such-server.example", "netmonitor.example"], "unknown host"),
            (["wol", "zz:zz:zz:zz:zz:zz"], "invalid MAC"),
            (["ports", "-p", "70000-1", "198.18.0.1"], "outside 1-65535"),
            (["ports", "-p", "100-1", "198.18.0.1"], "backwards"),
            (["cert", "198.18.0.31:443"], "cannot connect"),
            (["cert", "198.18.0.1:99999"], "not 1-65535"),
            (["monitor", "--rounds", "1", "no-such-host.home.arpa"], "unknown host"),
            (["probe", "no-such-host.home.arpa"], "unknown host"),
            (["bonjour", "--type", "http"], "not a service type"),
        ]
        for (arguments, message) in cases {
            let output = try tool(arguments, timeout: 20)
            #expect(output.status != 0, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
    }
}
