import Foundation
import Results
import Testbed

/// Reference rows measured in the same testbed: what established tools find.
struct PeerRunner: Sendable {
    var truth: GroundTruth
    var fixture: String

    func runAll(repetitions: Int, progress: @Sendable (String) -> Void) -> [PeerResult] {
        var results: [PeerResult] = []
        let discoverable = truth.devices.filter { Discoverability.isDiscoverable($0.device) }.count
        let subnet = truth.subnet.description
        let tools: [(String, [String])] = [
            ("nmap -sn", ["nmap", "-sn", "-n", "-oG", "-", subnet]),
            ("arp-scan", ["arp-scan", "--interface", "eth0", "--plain", subnet]),
        ]
        for repetition in 1...max(1, repetitions) {
            for (name, command) in tools {
                let started = Date()
                let output = (try? ChildProcess.run(["ip", "netns", "exec", truth.scanner.namespace] + command, timeout: 300))?.stdout ?? ""
                let found = Self.addresses(in: output, tool: name).intersection(Set(truth.devices.map { $0.device.ip.description })).count
                let result = PeerResult(fixture: fixture, tool: name, repetition: repetition, found: found,
                                        discoverable: discoverable, durationS: Date().timeIntervalSince(started))
                progress("peer \(name) r\(repetition): \(found)/\(discoverable) devices in \(String(format: "%.1f", result.durationS)) s")
                results.append(result)
            }
        }
        return results
    }

    static func addresses(in output: String, tool: String) -> Set<String> {
        var found = Set<String>()
        for line in output.split(separator: "\n") {
            if tool == "nmap -sn" {
                guard line.contains("Status: Up") else { continue }
                if let ip = line.split(separator: " ").dropFirst().first { found.insert(String(ip)) }
            } else if let first = line.split(separator: "\t").first, first.split(separator: ".").count == 4 {
                found.insert(String(first))
            }
        }
        return found
    }
}
