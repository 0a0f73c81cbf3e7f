import Fixture
import Foundation
import Results
import Spawn
import TestbedPlatform

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
            // avahi-browse talks to avahi-daemon over D-Bus: private ones, in a mount namespace
            // with its own /run, inside the scanner's network namespace.
            ("avahi-browse", ["unshare", "-mu", "sh", "-c", Self.avahiScript]),
        ]
        for repetition in 1...max(1, repetitions) {
            for (name, command) in tools {
                let started = Date()
                let output = (try? ChildProcess.run(NetworkNamespace(truth.scanner.namespace).command(command), timeout: 300))?.stdout ?? ""
                let found = Self.addresses(in: output, tool: name).intersection(Set(truth.devices.map { $0.device.ip.description })).count
                let result = PeerResult(fixture: fixture, tool: name, repetition: repetition, found: found,
                                        discoverable: discoverable, durationS: Date().timeIntervalSince(started))
                progress("peer \(name) r\(repetition): \(found)/\(discoverable) devices in \(String(format: "%.1f", result.durationS)) s")
                results.append(result)
            }
            if let ports = portScan(repetition: repetition) {
                progress("peer \(ports.tool) r\(repetition): \(ports.found)/\(ports.discoverable) port states correct")
                results.append(ports)
            }
        }
        return results
    }

    /// NetMonitor's "common" ports, as the port-scan scenarios use.
    static let commonPorts = [20, 21, 22, 23, 25, 53, 80, 110, 143, 443, 445, 993, 995, 3306, 3389, 5432, 5900, 8080, 8443]

    /// `nmap -sT` on the port-scan scenarios' target: `found` = port states that match the
    /// fixture, `discoverable` = ports checked.
    func portScan(repetition: Int) -> PeerResult? {
        guard let target = SessionTargets(truth: truth).portsTarget else { return nil }
        let ip = target.device.ip.description
        let started = Date()
        let list = Self.commonPorts.map(String.init).joined(separator: ",")
        let output = (try? ChildProcess.run(NetworkNamespace(truth.scanner.namespace).command(["nmap", "-sT", "-Pn", "-n",
                                             "-p", list, "-oG", "-", ip]), timeout: 300))?.stdout ?? ""
        let states = Self.portStates(in: output, ports: Self.commonPorts)
        let correct = Self.commonPorts.filter { states[$0] == target.device.tcpPorts.state(of: $0).rawValue }.count
        return PeerResult(fixture: fixture, tool: "nmap -sT \(ip) (port states correct / checked)", repetition: repetition,
                          found: correct, discoverable: Self.commonPorts.count, durationS: Date().timeIntervalSince(started))
    }

    /// Port states from nmap's greppable output; the state nmap leaves out ("Ignored State")
    /// applies to every port not listed.
    static func portStates(in output: String, ports: [Int]) -> [Int: String] {
        var states: [Int: String] = [:]
        for line in output.split(separator: "\n") where line.contains("Ports:") {
            if let ignored = line.components(separatedBy: "Ignored State: ").dropFirst().first?.split(separator: " ").first {
                for port in ports { states[port] = String(ignored) }
            }
            let listed = line.components(separatedBy: "Ports: ")[1].components(separatedBy: "\t")[0]
            for entry in listed.components(separatedBy: ", ") {
                let fields = entry.split(separator: "/", omittingEmptySubsequences: false)
                if let port = Int(fields[0]), fields.count > 1 { states[port] = String(fields[1]) }
            }
        }
        return states
    }

    static let avahiScript = """
        mount -t tmpfs tmpfs /run && mkdir -p /run/dbus /run/avahi-daemon || exit 3
        dbus-daemon --system --fork --print-pid > /run/dbus/pid.txt || exit 4
        avahi-daemon --no-drop-root --no-chroot --no-rlimits -D || exit 5
        sleep 1
        timeout 15 avahi-browse -arpk
        avahi-daemon -k; kill $(cat /run/dbus/pid.txt); true
        """

    static func addresses(in output: String, tool: String) -> Set<String> {
        var found = Set<String>()
        for line in output.split(separator: "\n") {
            if tool == "avahi-browse" {
                let fields = line.split(separator: ";", omittingEmptySubsequences: false)
                if fields.first == "=", fields.count > 7 { found.insert(String(fields[7])) }
            } else if tool == "nmap -sn" {
                guard line.contains("Status: Up") else { continue }
                if let ip = line.split(separator: " ").dropFirst().first { found.insert(String(ip)) }
            } else if let first = line.split(separator: "\t").first, first.split(separator: ".").count == 4 {
                found.insert(String(first))
            }
        }
        return found
    }
}
