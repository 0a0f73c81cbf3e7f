import Foundation
import Testing

/// The switch's impairments, measured with iputils ping over real echoes.
@Suite("Link emulation", .tags(.integration), .serialized)
struct LinkEmulationTests {
    static let fixture = "\(ScanBenchCLI.packageRoot)/Tests/IntegrationTests/Fixtures/links.yaml"

    @Test(
        "median RTT is within 0.5 ms of twice the one-way delay; 10 % loss loses 7-13 % of 1000 echoes; jitter keeps order"
    )
    func delayAndLoss() throws {
        let testbed = try LiveTestbed.up(Self.fixture)
        defer { testbed.down() }
        // Resolve ARP first so the first echo does not carry the ARP exchange.
        try testbed.shell(
            "ping -c 1 -W 1 198.18.0.11; ping -c 1 -W 1 198.18.0.12; ping -c 1 -W 1 198.18.0.13; ping -c 1 -W 1 198.18.0.15; true"
        )
        let script = """
            out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; \
            ping -c 100 -i 0.01 198.18.0.11 > "$out/d1" & \
            ping -c 100 -i 0.01 198.18.0.12 > "$out/d20" & \
            ping -c 100 -i 0.01 198.18.0.13 > "$out/d80" & \
            ping -c 1000 -i 0.01 -W 1 198.18.0.14 > "$out/loss" & \
            ping -c 100 -i 0.01 198.18.0.15 > "$out/jit" & \
            wait; for f in d1 d20 d80 loss jit; do echo "== $f"; cat "$out/$f"; done
            """
        let output = try testbed.shell(script, timeout: 60).stdout
        let sections = Dictionary(
            uniqueKeysWithValues: output.components(separatedBy: "== ").dropFirst().map { chunk -> (String, String) in
                let name = String(chunk.prefix { $0 != "\n" })
                return (name, String(chunk.dropFirst(name.count)))
            }
        )
        for (name, delay) in [("d1", 1.0), ("d20", 20.0), ("d80", 80.0)] {
            let rtts = PingOutput.rtts(sections[name] ?? "")
            #expect(rtts.count == 100, "\(name): \(rtts.count) replies")
            let median = PingOutput.median(rtts)
            print("link \(name): median RTT \(median) ms over \(rtts.count) echoes (configured 2 × \(delay) ms)")
            #expect(abs(median - 2 * delay) <= 0.5, "\(name): median \(median) ms, expected \(2 * delay) ± 0.5")
        }
        let lossReplies = PingOutput.rtts(sections["loss"] ?? "").count
        let lossPercent = Double(1000 - lossReplies) / 10
        print("link lossy: \(lossPercent) % of 1000 echoes lost (configured 10 %)")
        #expect((7...13).contains(lossPercent), "lost \(lossPercent) %")
        // The switch's own counters account for every lost echo as configured loss on the lossy
        // port (plus at most an ARP frame or two), and no frame anywhere failed to be delivered.
        Thread.sleep(forTimeInterval: 0.6)  // the controller publishes its counters every 250 ms
        let counters = try ScanBenchCLI.scanbench(["testbed", "status", "--counters", "--json", "--id", testbed.id])
        let ports = try #require(
            try JSONSerialization.jsonObject(with: Data(counters.stdout.utf8)) as? [[String: Any]],
            "\(counters.stderr)"
        )
        let lossy = try #require(ports.first { $0["name"] as? String == "lossy" })
        let lostOnLink = try #require(lossy["lost_on_link"] as? Int)
        print("link lossy: the switch dropped \(lostOnLink) frames, ping missed \(1000 - lossReplies) replies")
        #expect((1000 - lossReplies...1000 - lossReplies + 3).contains(lostOnLink))
        for port in ports {
            #expect(port["write_failures"] as? Int == 0, "\(port)")
            if port["name"] as? String != "lossy" { #expect(port["lost_on_link"] as? Int == 0, "\(port)") }
        }
        let jitter = PingOutput.rtts(sections["jit"] ?? "")
        #expect(jitter.count == 100)
        // Uniform ±5 ms each way around 10 ms: RTTs fall in [10, 30] ms, median near 20. A loaded
        // machine can add scheduling delay to a few echoes, so the bound is on 95 % of them.
        let inside = jitter.filter { $0 >= 9.5 && $0 <= 31 }.count
        print("link jittery: \(inside) of \(jitter.count) RTTs in [9.5, 31] ms, median \(PingOutput.median(jitter)) ms")
        #expect(inside >= 95, "jittered RTTs stay within 2 × (10 ± 5) ms")
        #expect(abs(PingOutput.median(jitter) - 20) <= 2.5)
        #expect(Set(jitter.map { Int($0) }).count > 3, "jitter varies the RTT")
    }

    @Test("ARP behaviour: a late replier is found late, a mute one never")
    func arpBehaviour() throws {
        let testbed = try LiveTestbed.up(Self.fixture)
        defer { testbed.down() }
        let sleepy = PingOutput.rtts(try testbed.exec(["ping", "-c", "1", "-W", "3", "198.18.0.16"]).stdout)
        #expect(sleepy.count == 1 && sleepy[0] >= 400, "first echo waits for the 400 ms ARP reply: \(sleepy)")
        let mute = try testbed.exec(["ping", "-c", "2", "-W", "1", "198.18.0.17"])
        #expect(PingOutput.rtts(mute.stdout).isEmpty)
        let nmap = try testbed.exec(["nmap", "-sn", "-n", "-oG", "-", "198.18.0.0/24"]).stdout
        let up = Set(
            nmap.split(separator: "\n").filter { $0.contains("Status: Up") }.compactMap {
                $0.split(separator: " ").dropFirst().first.map(String.init)
            }
        )
        #expect(up.contains("198.18.0.16"))
        #expect(!up.contains("198.18.0.17"))
        #expect(up.isSuperset(of: ["198.18.0.1", "198.18.0.11", "198.18.0.12", "198.18.0.13", "198.18.0.15"]))
    }
}
