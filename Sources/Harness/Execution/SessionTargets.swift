import AppContract
import CaptureFiles
import CaptureAnalysis
import Fixture
import Results
import Wire
import AppInputs
import OrderStatistics

/// The devices a session's tools are pointed at — chosen by the harness from the ground truth
/// and passed to the app as `--target NAME=ADDRESS`, so the app never reads the fixture — and how
/// the tools' answers are scored against the wire and the fixture.
struct SessionTargets: Sendable {
    var truth: GroundTruth

    /// The names a script may use: `$ping_target`, `$no_tcp_target`, `$ports_target`,
    /// `$detail_target` (addresses) and `$wol_target` (a MAC, `--target wol_target=MAC`).
    static let names = ["ping_target", "no_tcp_target", "ports_target", "detail_target", "wol_target"]

    /// The device pinged: among the devices with a clean link (reliable ARP, answers echo, no
    /// jitter or loss), the one with the longest RTT, so scheduling delay shows against a known
    /// RTT — preferring one that answers a TCP ping too (443, 80 or 22 open or closed, as
    /// NetMonitor's pre-ADR-003 ping tries them), so that ICMP and TCP pings are judged on the
    /// same device. A device that drops SYNs would lose every TCP ping and leave the TCP
    /// method's error unmeasured.
    var pingTarget: GroundTruth.DeviceTruth? {
        let tcpAnswering = cleanEchoing.filter { Self.answersTCPPing($0) }
        return (tcpAnswering.isEmpty ? cleanEchoing : tcpAnswering).max(by: Self.shorterRTT)
    }

    /// A device that answers echo on a clean link but drops SYNs to all of the TCP ping's ports
    /// (443, 80, 22): an ICMP ping reaches it, NetMonitor's TCP fallback loses every attempt (each
    /// holding its three budget slots for the ping's timeout), and a port scan of it waits out
    /// the timeout on every port. Nil when the fixture has none.
    var noTCPTarget: GroundTruth.DeviceTruth? {
        cleanEchoing.filter { !Self.answersTCPPing($0) }.max(by: Self.shorterRTT)
    }

    /// Devices with a clean link (reliable ARP, answers echo, no jitter or loss).
    private var cleanEchoing: [GroundTruth.DeviceTruth] {
        truth.devices.filter { entry in
            let d = entry.device
            return d.answersEcho && (d.arp?.replyProbability ?? 1) >= 1 && (d.arp?.replyDelayMs ?? 0) == 0
                && (d.link?.jitterMs ?? 0) == 0 && (d.link?.lossPercent ?? 0) == 0 && d.link?.burstLoss == nil
        }
    }

    private static func shorterRTT(_ a: GroundTruth.DeviceTruth, _ b: GroundTruth.DeviceTruth) -> Bool {
        (a.device.link?.delayMs ?? 0) < (b.device.link?.delayMs ?? 0)
    }

    /// True when a SYN to one of the TCP ping's default ports (443, 80, 22) gets a SYN/ACK or a RST.
    static func answersTCPPing(_ entry: GroundTruth.DeviceTruth) -> Bool {
        Strategy.Ping().tcpPorts.contains { port in
            entry.tcpOpen.contains(port) || entry.tcpClosed.contains(port)
                || (!entry.tcpFiltered.contains(port) && entry.tcpDefault == .closed)
        }
    }

    /// The device port-scanned: reliable ARP and the most open ports.
    var portsTarget: GroundTruth.DeviceTruth? {
        truth.devices.filter { ($0.device.arp?.replyProbability ?? 1) >= 1 && ($0.device.link?.lossPercent ?? 0) == 0 }
            .max { $0.tcpOpen.count < $1.tcpOpen.count }
    }

    /// The device a script variable names; nil for an unknown name or a fixture without one.
    func device(named name: String) -> GroundTruth.DeviceTruth? {
        switch name {
        case "ping_target": pingTarget
        case "no_tcp_target": noTCPTarget
        case "ports_target": portsTarget
        case "detail_target": detailTarget
        case "wol_target": wolTarget
        default: nil
        }
    }

    /// A ping run's RTTs against the fixture's RTT and, attempt by attempt, against the same
    /// attempt on the wire (echo request → reply, or SYN → SYN/ACK or RST to the port that answered).
    func score(_ run: SessionReport.PingRun, wire: WireAnalysis?) -> RunMetrics.PingAccuracy? {
        guard let ip = IPv4Address(run.target), let device = truth.devices.first(where: { $0.device.ip == ip }) else {
            return nil
        }
        var accuracy = RunMetrics.PingAccuracy(target: run.target)
        accuracy.method = run.method
        accuracy.echoes = run.replies.count
        let answered = run.replies.filter { $0.rttMs != nil }
        accuracy.lost = run.replies.count - answered.count
        let truthRTT = Discoverability.truthRTTMs(device.device, scannerLink: truth.scanner.link)
        let errors = answered.compactMap { $0.rttMs.map { abs($0 - truthRTT) } }
        accuracy.vsTruthAbsMsMedian = Percentile.of(errors, 50)
        accuracy.vsTruthAbsMsP95 = Percentile.of(errors, 95)
        let samples = (wire?.rttSamples ?? []).filter { $0.target == ip }
        var wireErrors: [Double] = []
        for reply in answered {
            guard let rtt = reply.rttMs, let sample = Self.wireSample(for: reply, in: samples) else { continue }
            wireErrors.append(abs(rtt - Double(sample.rtt) / 1e6))
        }
        accuracy.matchedOnWire = wireErrors.count
        accuracy.vsWireAbsMsMedian = Percentile.of(wireErrors, 50)
        accuracy.vsWireAbsMsP95 = Percentile.of(wireErrors, 95)
        return accuracy
    }

    /// The wire's sample of one attempt: the first matching probe sent from 5 ms before the
    /// tool's send time (clock reads differ slightly) to 1 s after it.
    static func wireSample(for reply: SessionReport.PingReply, in samples: [RTTSample]) -> RTTSample? {
        let window = (reply.sentUnixNs - 5_000_000)...(reply.sentUnixNs + 1_000_000_000)
        let port = reply.method.hasPrefix("tcp:") ? Int(reply.method.dropFirst(4)) : nil
        return samples.filter { sample in
            guard window.contains(sample.sentAt) else { return false }
            if let port { return sample.kind == .tcpSyn && Int(sample.detail) == port }
            return sample.kind == .icmpEcho
        }.min { $0.sentAt < $1.sentAt }
    }

    /// A host monitor's run against the testbed's truth: each target's first state is the
    /// fixture's (up when a device there answers echo), and no later pass reports a change, since
    /// no device leaves its link during a harness run. `ours` lists the transitions as
    /// "host from→to@pass"; `reference` the truth's first states.
    func score(_ run: SessionReport.MonitorRun) -> RunMetrics.Agreement {
        let reported = run.transitions.map { "\($0.host) \($0.from ?? "-")→\($0.to)@\($0.round)" }.sorted()
        let expected = run.targets.map { target in
            let up = truth.devices.contains { IPv4Address(target) == $0.device.ip && $0.device.answersEcho }
            return "\(target) -→\(up ? "up" : "down")@1"
        }.sorted()
        let ours = run.error ?? reported.joined(separator: ", ")
        guard run.finished else { return RunMetrics.Agreement(agrees: false, durationMs: nil, ours: ours) }
        let agrees = run.error == nil && reported == expected
        return RunMetrics.Agreement(
            agrees: agrees,
            durationMs: run.durationMs,
            ours: ours,
            reference: agrees ? nil : expected.joined(separator: ", ")
        )
    }

    /// A port scan's states against the fixture (every port it reported).
    func score(_ scan: SessionReport.PortScan) -> RunMetrics.Ports? {
        guard let ip = IPv4Address(scan.target), let device = truth.devices.first(where: { $0.device.ip == ip }) else {
            return nil
        }
        var ports = RunMetrics.Ports()
        for result in scan.results {
            ports.checked += 1
            let expected = device.device.tcpPorts.state(of: result.port).rawValue
            if expected == result.state {
                ports.correct += 1
            } else {
                ports.confusions["\(expected)→\(result.state)", default: 0] += 1
            }
        }
        ports.cancelled = scan.cancelled
        return ports
    }
}
