import Foundation
import Testing

/// Time in the twin (issue 45) on a live testbed: a capture of a deep sleeper pinged every 100 ms
/// gives its twin a `deep_sleep`, not only a reply probability; a capture of a netmonitor-2.0
/// scan is reported as not a survey, with what it could not see.
@Suite(
    "Twin: time and the survey",
    .tags(.integration),
    .serialized,
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
)
struct TwinTimeIntegrationTests {
    static let fixture = "\(ScanBenchCLI.packageRoot)/Tests/IntegrationTests/Fixtures/wifi.yaml"

    @Test(
        "wifi.yaml's sleeper (3 s asleep, 2 s awake) captured under iputils ping every 100 ms for 20 s: its twin sleeps about 3 s of 5",
        .timeLimit(.minutes(3))
    )
    func sleeperInTheTwin() throws {
        let out = NSTemporaryDirectory() + "twin-time-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let testbed = try LiveTestbed.up(Self.fixture)
        defer { testbed.down() }
        // Permanent neighbour entries, as WiFiPowerSaveIntegrationTests: every echo goes on the wire
        // (none queued behind an ARP request the sleeper cannot answer).
        let capture = "\(out)/sleeper.pcap"
        let script = """
            ip neigh replace 198.18.0.20 lladdr 02:5b:00:00:00:14 dev eth0 nud permanent && \
            ip neigh replace 198.18.0.21 lladdr 02:5b:00:00:00:15 dev eth0 nud permanent && \
            ip neigh replace 198.18.0.22 lladdr 02:5b:00:00:00:16 dev eth0 nud permanent && \
            { tcpdump -i eth0 -U -w \(capture) 'icmp or arp' 2>/dev/null & pid=$!; sleep 1; \
            ping -n -i 0.1 -c 200 -W 1 198.18.0.20 > /dev/null & \
            ping -n -i 0.5 -c 40 -W 1 198.18.0.22 > /dev/null & \
            ping -n -i 0.5 -c 40 -W 2 198.18.0.21 > /dev/null & \
            ping -n -i 0.5 -c 40 -W 1 198.18.0.1 > /dev/null & \
            wait %2 %3 %4 %5; sleep 1; kill $pid; wait $pid; }
            """
        try testbed.shell(script, timeout: 60)
        let inventory = "\(out)/lan.yaml"
        try """
        devices:
          - {name: gateway, ip: 198.18.0.1, category: router}
        """.write(toFile: inventory, atomically: true, encoding: .utf8)
        let twin = "\(out)/twin.yaml"
        let derive = try ScanBenchCLI.scanbench([
            "fixture", "from-capture", capture, "--scanner", "198.18.0.50", "--inventory", inventory, "--out", twin,
        ])
        #expect(derive.status == 0, "\(derive.stderr)")
        let yaml = try String(contentsOfFile: twin, encoding: .utf8)
        let (sleep, awake) = try Self.deepSleep(of: "198.18.0.20", in: yaml)
        print("twin of wifi.yaml's sleeper (3 s asleep, 2 s awake): sleep_s \(sleep), awake_s \(awake)")
        #expect((2.7...3.3).contains(sleep), "sleep_s \(sleep)\n\(yaml)")
        #expect((1.7...2.3).contains(awake), "awake_s \(awake)\n\(yaml)")
        // The dozing station (listen_interval 3, awake_ms 100), pinged every 0.5 s: power_save.
        let dozer = Self.block(of: "198.18.0.21", in: yaml)
        print(
            "twin of wifi.yaml's dozer (listen_interval 3): \(dozer.filter { $0.contains("listen_interval") || $0.contains("delay_ms") })"
        )
        #expect(dozer.contains { $0.contains("listen_interval: 3") }, "\(yaml)")
        #expect(!dozer.contains { $0.contains("deep_sleep") }, "\(yaml)")
        // The always-awake device gets neither.
        #expect(
            !Self.block(of: "198.18.0.22", in: yaml).contains {
                $0.contains("deep_sleep") || $0.contains("power_save")
            },
            "\(yaml)"
        )
        let validate = try ScanBenchCLI.scanbench(["fixture", "validate", twin])
        #expect(validate.stdout.contains("OK:"), "\(validate.stdout)\(validate.stderr)")
        // Pinging three addresses is no survey, and the twin's header says so.
        #expect(yaml.contains("# Survey check (docs/REAL-DEVICES.md, \"The survey\"): NOT a survey"), "\(yaml)")
    }

    @Test(
        "scripts/survey for 90 s on wifi.yaml is a valid survey, and its twin gives the sleeper deep_sleep",
        .timeLimit(.minutes(4))
    )
    func surveyScript() throws {
        let out = NSTemporaryDirectory() + "twin-survey-script-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let testbed = try LiveTestbed.up(Self.fixture)
        defer { testbed.down() }
        let capture = "\(out)/survey.pcap"
        let survey = try testbed.exec(
            ["\(ScanBenchCLI.packageRoot)/scripts/survey", "--interface", "eth0", "--seconds", "90", "--out", capture],
            timeout: 150
        )
        #expect(survey.status == 0, "\(survey.stdout)\(survey.stderr)")
        let check = try ScanBenchCLI.scanbench(["fixture", "from-capture", capture, "--survey"])
        print("survey check of scripts/survey on wifi.yaml:\n\(check.stdout)")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("a valid survey"), "\(check.stdout)")
        let inventory = "\(out)/lan.yaml"
        try "devices:\n  - {name: gateway, ip: 198.18.0.1, category: router}\n".write(
            toFile: inventory,
            atomically: true,
            encoding: .utf8
        )
        let derive = try ScanBenchCLI.scanbench([
            "fixture", "from-capture", capture, "--inventory", inventory, "--out", "\(out)/twin.yaml",
        ])
        #expect(derive.status == 0, "\(derive.stderr)")
        let yaml = try String(contentsOfFile: "\(out)/twin.yaml", encoding: .utf8)
        let figures = try Self.deepSleep(of: "198.18.0.20", in: yaml)
        print("twin of wifi.yaml's sleeper from the survey (3 s asleep, 2 s awake): \(figures)")
        // Requests about every 0.5 s: each figure good to about that.
        #expect((2.4...3.6).contains(figures.sleep) && (1.4...2.6).contains(figures.awake), "\(figures)\n\(yaml)")
        #expect(yaml.contains("subnet: 198.18.0.0/24"), "\(yaml)")
        #expect(yaml.contains("# Survey check (docs/REAL-DEVICES.md, \"The survey\"): a valid survey"), "\(yaml)")
    }

    /// The YAML lines of the device at `ip`, from its `ip:` line to the next device.
    static func block(of ip: String, in yaml: String) -> [String] {
        let lines = yaml.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains("ip: \(ip)") }) else { return [] }
        return Array(lines[start...].prefix { !$0.hasPrefix("- name:") })
    }

    /// `sleep_s` and `awake_s` of the device at `ip` in a twin's YAML.
    static func deepSleep(of ip: String, in yaml: String) throws -> (sleep: Double, awake: Double) {
        let block = Self.block(of: ip, in: yaml)
        func value(_ key: String) throws -> Double {
            let line = try #require(block.first { $0.contains("\(key):") }, "no \(key) for \(ip):\n\(yaml)")
            return try #require(Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)))
        }
        return (try value("sleep_s"), try value("awake_s"))
    }

    @Test(
        "a capture of a netmonitor-2.0 scan of tiny is not a survey, and says what it could not see",
        .timeLimit(.minutes(3))
    )
    func scanIsNotASurvey() throws {
        let out = NSTemporaryDirectory() + "twin-survey-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "netmonitor-2.0", "--repeat", "1", "--seed", "1",
                "--no-classify", "--out", out,
            ],
            timeout: 150
        )
        #expect(run.status == 0, "\(run.stderr)")
        let pcap = try TwinRoundTripIntegrationTests.pcap(out)
        let check = try ScanBenchCLI.scanbench(["fixture", "from-capture", pcap, "--survey"])
        print("survey check of a netmonitor-2.0 scan of tiny:\n\(check.stdout)")
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("NOT a survey"), "\(check.stdout)")
        #expect(check.stdout.contains("missing: lasted"), "\(check.stdout)")
        #expect(check.stdout.contains("could not see: TCP ports never asked on any device"), "\(check.stdout)")
        #expect(check.stdout.contains("could not see: sleep and wake cycles of"), "\(check.stdout)")
    }
}
