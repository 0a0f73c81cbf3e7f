import Foundation
import Testing

/// A generated /23 (`gen-office-90`, resolved by name) brought up on the real testbed: a real
/// peer tool in the scanner namespace, arp-scan, finds the devices the fixture says answer ARP,
/// with their MACs, in both /24 halves; its deep sleeper may sleep through the tries.
@Suite("generated LAN on the real testbed", .tags(.integration), .serialized)
struct GeneratedLANIntegrationTests {
    @Test("arp-scan finds every ARP-visible device of gen-office-90, in the upper /24 too")
    func arpScanFindsTheGeneratedDevices() throws {
        let started = Date()
        let testbed = try LiveTestbed.up("gen-office-90")
        defer { testbed.down() }
        let devices = testbed.truthDevices
        #expect(devices.count == 90)
        // Up to 8 tries per address, 800 ms each: a dozing device answers ARP 102-408 ms late and
        // only 50-90 % of the time, so 8 tries miss it with probability at most 0.5^8 = 0.4 %.
        let targets = devices.map(\.ip)
        let output = try testbed.exec(
            [
                "arp-scan", "--interface", "eth0", "--retry", "8", "--backoff", "1", "--timeout", "800",
                "--plain", "--quiet",
            ] + targets,
            timeout: 60
        ).stdout
        var answered: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count >= 2 { answered[String(fields[0])] = fields[1].lowercased() }
        }
        func mac(_ device: TruthDevice) -> String { (device.device["mac"] as? String ?? "").lowercased() }
        func isUpper(_ device: TruthDevice) -> Bool { device.ip.hasPrefix("198.18.1.") }
        // A deep sleeper (`--wifi full`) is off the air for seconds, longer than arp-scan's tries:
        // it may be missed, and must answer with its own MAC when it is not.
        let deepSleepers = devices.filter { $0.device["deep_sleep"] != nil }
        let reliable = devices.filter { $0.device["arp"] == nil && $0.device["deep_sleep"] == nil }
        let sleepy = devices.filter {
            $0.device["arp"] != nil && $0.arpProbability > 0 && $0.device["deep_sleep"] == nil
        }
        #expect(deepSleepers.count == 1, "gen-office-90 has one deep sleeper")
        #expect(
            reliable.count + sleepy.count + deepSleepers.count == devices.count,
            "every generated device is ARP-visible"
        )
        for device in deepSleepers where answered[device.ip] != nil {
            #expect(answered[device.ip] == mac(device), "\(device.name) \(device.ip) answered with another MAC")
        }
        for device in reliable {
            #expect(
                answered[device.ip] == mac(device),
                "\(device.name) \(device.ip) answers ARP always, arp-scan says \(answered[device.ip] ?? "nothing")"
            )
        }
        for device in sleepy where answered[device.ip] != nil {
            #expect(answered[device.ip] == mac(device), "\(device.name) \(device.ip) answered with another MAC")
        }
        let sleepyAnswered = sleepy.filter { answered[$0.ip] != nil }.count
        #expect(
            sleepyAnswered * 10 >= sleepy.count * 9,
            "only \(sleepyAnswered) of \(sleepy.count) dozing devices answered in 8 tries"
        )
        let upper = devices.filter(isUpper)
        #expect(upper.count >= 20, "the fixture has \(upper.count) devices in 198.18.1.0/24")
        #expect(
            upper.filter { answered[$0.ip] != nil }.count
                >= upper.filter { $0.device["arp"] == nil && $0.device["deep_sleep"] == nil }.count
        )
        let known = Set(targets)
        #expect(Set(answered.keys).subtracting(known).isEmpty)
        print(
            """
            gen-office-90: arp-scan answered \(answered.count) of \(devices.count) devices \
            (\(reliable.count) always answer: all found; \(sleepyAnswered) of \(sleepy.count) dozing), \
            \(upper.filter { answered[$0.ip] != nil }.count) of \(upper.count) in 198.18.1.0/24; \
            \(String(format: "%.1f", Date().timeIntervalSince(started))) s with testbed up
            """
        )
    }
}
