import Fixture
import Foundation
import Platform
import Results
import Spawn
import TestbedPlatform

/// Reference rows measured in the same testbed: what established tools find.
struct PeerRunner: Sendable {
    var truth: GroundTruth
    var fixture: String
    /// nmap -O -sV on the hosts nmap -sn found (`--peer-os`): minutes per LAN, so only when asked.
    var osDetection = false

    func runAll(repetitions: Int, progress: @Sendable (String) -> Void) -> [PeerResult] {
        var results: [PeerResult] = []
        let discoverable = truth.devices.filter { Discoverability.isDiscoverable($0.device) }.count
        let subnet = truth.subnet.description
        let tools: [(String, [String])] = [
            ("nmap -sn", ["nmap", "-sn", "-n", "-oG", "-", subnet]),
            ("arp-scan", ["arp-scan", "--interface", truth.scanner.interface, "--plain", subnet]),
            // avahi-browse talks to avahi-daemon over D-Bus: private ones, in a mount namespace
            // with its own /run, inside the scanner's network namespace.
            ("avahi-browse", ["unshare", "-mu", "sh", "-c", Self.avahiScript]),
        ]
        for repetition in 1...max(1, repetitions) {
            var pingFound: [String] = []
            for (name, command) in tools {
                let started = MonotonicClock.now()
                let output = Self.output(of: NetworkNamespace(truth.scanner.namespace).command(command))
                let devices = Set(truth.devices.map { $0.device.ip.description })
                if name == "nmap -sn", let text = try? output.get() {
                    pingFound = Self.addresses(in: text, tool: name).sorted()
                }
                var result = PeerResult(
                    fixture: fixture,
                    tool: name,
                    repetition: repetition,
                    found: (try? output.get()).map { Self.addresses(in: $0, tool: name).intersection(devices).count },
                    discoverable: discoverable,
                    durationS: MonotonicClock.seconds(since: started)
                )
                result.notMeasured = Self.reason(output)
                progress(
                    "peer \(name) r\(repetition): \(Self.describe(result)) devices in \(String(format: "%.1f", result.durationS)) s"
                )
                results.append(result)
            }
            // nmap -O -sV fingerprints the hosts nmap -sn found, as a person would run it.
            if osDetection {
                let os = NmapOSPeer(truth: truth, fixture: fixture).run(targets: pingFound, repetition: repetition)
                progress(
                    "peer \(os.tool) r\(repetition): \(Self.describe(os)) devices, categories \(Self.describe(os.categories)) in \(String(format: "%.1f", os.durationS)) s"
                )
                results.append(os)
            }
            if let ports = portScan(repetition: repetition) {
                progress("peer \(ports.tool) r\(repetition): \(Self.describe(ports)) port states correct")
                results.append(ports)
            }
        }
        return results
    }

    /// NetMonitor's "common" ports, as the port-scan scenarios use.
    static let commonPorts = [
        20, 21, 22, 23, 25, 53, 80, 110, 143, 443, 445, 993, 995, 3306, 3389, 5432, 5900, 8080, 8443,
    ]

    /// `nmap -sT` on the port-scan scenarios' target: `found` = port states that match the
    /// fixture, `discoverable` = ports checked.
    func portScan(repetition: Int) -> PeerResult? {
        guard let target = SessionTargets(truth: truth).portsTarget else { return nil }
        let ip = target.device.ip.description
        let started = MonotonicClock.now()
        let list = Self.commonPorts.map(String.init).joined(separator: ",")
        let output = Self.output(
            of: NetworkNamespace(truth.scanner.namespace).command([
                "nmap", "-sT", "-Pn", "-n", "-p", list, "-oG", "-", ip,
            ])
        )
        let correct = (try? output.get()).map { output in
            let states = Self.portStates(in: output, ports: Self.commonPorts)
            return Self.commonPorts.filter { states[$0] == target.device.tcpPorts.state(of: $0).rawValue }.count
        }
        var result = PeerResult(
            fixture: fixture,
            tool: "nmap -sT \(ip) (port states correct / checked)",
            repetition: repetition,
            found: correct,
            discoverable: Self.commonPorts.count,
            durationS: MonotonicClock.seconds(since: started)
        )
        result.notMeasured = Self.reason(output)
        return result
    }

    /// Why a peer tool gave no figure: it is missing, exited with an error or timed out.
    struct NotMeasured: Error, Equatable {
        var reason: String
    }

    /// The tool's standard output, or why there is none. A tool that cannot start or fails is
    /// "not measured", never "found 0": its row would otherwise read as a scanner that found nothing.
    static func output(of command: [String], timeout: Double = 300) -> Result<String, NotMeasured> {
        let run: (status: Int32, stdout: String, stderr: String)
        do { run = try ChildProcess.run(command, timeout: timeout) } catch {
            return .failure(NotMeasured(reason: "\(command.joined(separator: " ")) could not start: \(error)"))
        }
        guard run.status == 0 else {
            let said = run.stderr.split(separator: "\n").suffix(2).joined(separator: " / ")
            return .failure(
                NotMeasured(
                    reason:
                        "\(command.first ?? "the tool") exited with status \(run.status)\(said.isEmpty ? "" : ": " + said)"
                )
            )
        }
        return .success(run.stdout)
    }

    static func reason(_ output: Result<String, NotMeasured>) -> String? {
        if case .failure(let failure) = output { return failure.reason }
        return nil
    }

    /// "found/discoverable", or "not measured (why)".
    static func describe(_ result: PeerResult) -> String {
        result.found.map { "\($0)/\(result.discoverable)" } ?? "not measured (\(result.notMeasured ?? "no reason"))"
    }

    /// "right/given given, of found found".
    static func describe(_ score: CategoryScore?) -> String {
        score.map { "\($0.right)/\($0.given) right, \($0.given)/\($0.found) given" } ?? "not scored"
    }

    /// Port states from nmap's greppable output; the state nmap leaves out ("Ignored State")
    /// applies to every port not listed.
    static func portStates(in output: String, ports: [Int]) -> [Int: String] {
        var states: [Int: String] = [:]
        for line in output.split(separator: "\n") where line.contains("Ports:") {
            if let ignored = line.components(separatedBy: "Ignored State: ").dropFirst().first?.split(separator: " ")
                .first
            {
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
        timeout 15 avahi-browse -arpk; browsed=$?
        avahi-daemon -k; kill $(cat /run/dbus/pid.txt)
        # timeout's 124 is the normal end (avahi-browse -a keeps browsing); anything else failed.
        case $browsed in 0|124) exit 0 ;; *) echo "avahi-browse exited with status $browsed" >&2; exit 6 ;; esac
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
