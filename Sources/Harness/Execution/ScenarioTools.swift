import Capture
import Foundation
import Results
import Spawn
import Testbed

/// The tools a scenario runs beside the scan (the `scanbench ping` and `scanbench ports`
/// commands, in the scanner namespace), and how their answers are scored against the wire and
/// the fixture.
struct ScenarioTools: Sendable {
    var truth: GroundTruth
    var executable: String
    /// The strategy's `.waiting` policy, which the port scanner applies as NetMonitor's did
    /// (the review's problem 4: `.waiting` read as filtered).
    var waitingPolicy = "inspect_error"

    /// Echoes the ping tool sends in a scenario, 200 ms apart.
    static let pingCount = 20

    /// The device pinged: the one with the longest clean link (reliable ARP, answers echo, no
    /// jitter or loss), so scheduling delay shows against a known RTT.
    var pingTarget: GroundTruth.DeviceTruth? {
        truth.devices.filter { entry in
            let d = entry.device
            return d.answersEcho && (d.arp?.replyProbability ?? 1) >= 1 && (d.arp?.replyDelayMs ?? 0) == 0
                && (d.link?.jitterMs ?? 0) == 0 && (d.link?.lossPercent ?? 0) == 0 && d.link?.burstLoss == nil
        }.max { ($0.device.link?.delayMs ?? 0) < ($1.device.link?.delayMs ?? 0) }
    }

    /// The device port-scanned: reliable ARP and the most open ports.
    var portsTarget: GroundTruth.DeviceTruth? {
        truth.devices.filter { ($0.device.arp?.replyProbability ?? 1) >= 1 && ($0.device.link?.lossPercent ?? 0) == 0 }
            .max { $0.tcpOpen.count < $1.tcpOpen.count }
    }

    struct PingRun: Sendable {
        var target: GroundTruth.DeviceTruth
        var rtts: [Double?]
        var startedNs: Int64
        var endedNs: Int64
    }

    struct PortsRun: Sendable {
        var target: GroundTruth.DeviceTruth
        /// (port, state) as the tool reported.
        var states: [(Int, String)]
    }

    func runPing() throws -> PingRun? {
        guard let target = pingTarget else { return nil }
        let started = Self.realtimeNs()
        let object = try Self.json(tool: "ping", inScanner([executable, "ping", "-c", String(Self.pingCount), "-i", "0.2", "-W", "2", "--json",
                                                             target.device.ip.description]), timeout: 60)
        let ended = Self.realtimeNs()
        guard let replies = object["replies"] as? [[String: Any]] else {
            throw HarnessError("the ping tool's JSON has no \"replies\" list", fix: "check 'scanbench ping --json' against docs/TOOLS.md")
        }
        return PingRun(target: target, rtts: replies.map { $0["rttMs"] as? Double }, startedNs: started, endedNs: ended)
    }

    func runPorts() throws -> PortsRun? {
        guard let target = portsTarget else { return nil }
        // NetMonitor's device-detail port scan: the common ports, 1.5 s timeout (review §2 P4.3).
        let object = try Self.json(tool: "ports", inScanner([executable, "ports", "-p", "common", "--all", "--json", "--timeout", "1.5",
                                                              "--waiting", waitingPolicy, target.device.ip.description]), timeout: 120)
        guard let ports = object["ports"] as? [[String: Any]] else {
            throw HarnessError("the ports tool's JSON has no \"ports\" list", fix: "check 'scanbench ports --json' against docs/TOOLS.md")
        }
        return PortsRun(target: target, states: ports.compactMap { entry in
            guard let port = entry["port"] as? Int, let state = entry["state"] as? String else { return nil }
            return (port, state)
        })
    }

    /// The ping tool's RTTs against the fixture's RTT and the wire's echo RTTs to the same
    /// target in the same window (median against median).
    func score(_ run: PingRun, wire: WireAnalysis?) -> RunMetrics.PingAccuracy {
        var accuracy = RunMetrics.PingAccuracy(target: run.target.device.ip.description)
        accuracy.echoes = run.rtts.count
        let rtts = run.rtts.compactMap { $0 }
        accuracy.lost = max(0, Self.pingCount - rtts.count)
        let truthRTT = Discoverability.truthRTTMs(run.target.device, scannerLink: truth.scanner.link)
        let errors = rtts.map { abs($0 - truthRTT) }
        accuracy.vsTruthAbsMsMedian = Statistics.percentile(errors, 50)
        accuracy.vsTruthAbsMsP95 = Statistics.percentile(errors, 95)
        let wireRTTs = (wire?.rttSamples ?? []).filter {
            $0.kind == .icmpEcho && $0.target == run.target.device.ip && (run.startedNs...run.endedNs).contains($0.sentAt)
        }.map { Double($0.rtt) / 1e6 }
        if let tool = Statistics.percentile(rtts, 50), let onWire = Statistics.percentile(wireRTTs, 50) {
            accuracy.vsWireAbsMsMedian = abs(tool - onWire)
        }
        return accuracy
    }

    /// The port tool's states against the fixture.
    func score(_ run: PortsRun) -> RunMetrics.Ports {
        var ports = RunMetrics.Ports()
        for (port, state) in run.states {
            ports.checked += 1
            let expected = run.target.device.tcpPorts.state(of: port).rawValue
            if expected == state { ports.correct += 1 } else { ports.confusions["\(expected)→\(state)", default: 0] += 1 }
        }
        return ports
    }

    /// Runs a tool and returns its `--json` output; a tool that fails, times out or prints no
    /// JSON object is an error naming the tool and what it said, never an empty result.
    private static func json(tool: String, _ arguments: [String], timeout: Double) throws -> [String: Any] {
        let result = try ChildProcess.runMonitored(arguments, timeout: timeout)
        let said = (result.stderr + result.stdout).split(separator: "\n").suffix(3).joined(separator: " / ")
        guard !result.timedOut else { throw HarnessError("the \(tool) tool did not finish within \(Int(timeout)) s", fix: "its last output: \(said)") }
        guard result.status == 0 else { throw HarnessError("the \(tool) tool exited with status \(result.status): \(said)", fix: "run the same command in the testbed by hand: scanbench testbed exec -- \(arguments.dropFirst(4).joined(separator: " "))") }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] else {
            throw HarnessError("the \(tool) tool printed no JSON object: \(said)", fix: "check its --json output")
        }
        return object
    }

    private func inScanner(_ command: [String]) -> [String] {
        ["ip", "netns", "exec", truth.scanner.namespace] + command
    }

    static func realtimeNs() -> Int64 { Int64(Date().timeIntervalSince1970 * 1e9) }
}
