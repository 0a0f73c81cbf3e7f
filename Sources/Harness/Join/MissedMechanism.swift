import Fixture
import Platform
import Testbed
import Wire

/// The Wi-Fi mechanism or fault behind a missed device, named from what the fixture configured,
/// what the switch did and what the event log shows: a deep sleeper that slept through every
/// poke, a `.waiting` policy that ended probes during a loss of the scanner's path, probes a
/// path gap covered, or a device away from the LAN (a `leave` fault) during the scan. The scanner never sees the fixture or `path-events.json`; only the harness
/// reads them, after the run.
struct MissedMechanism {
    /// One connection's life in the event log: when it started preparing, when it ended, and the
    /// times it entered `waiting(ENETDOWN)` (a lost path) and whether it was cancelled within
    /// `policyWindowNs` of one (the probe's `.waiting` policy ended it, not its timer).
    struct ConnectionSpan {
        var startNs: UInt64?
        var endNs: UInt64?
        var pathWaits = 0
        var endedAtPathWait = false
        var ready = false
        var lastPathWaitNs: UInt64?
        /// The TCP port it connected to.
        var port: Int?
    }

    /// A cancel this soon after `waiting(ENETDOWN)` is the policy's (`fail`), not a timer's.
    static let policyWindowNs: UInt64 = 50_000_000

    /// Path gaps (roam or association loss) on the event log's clock.
    let gaps: [(kind: String, start: UInt64, end: UInt64)]
    /// `leave` faults the testbed published, by device name, on the event log's clock.
    let leaves: [String: (start: UInt64, end: UInt64, startS: Double, endS: Double)]
    /// `mdns_storm` faults the testbed published: device, window on the event log's clock, and in
    /// seconds after the switch's start.
    let storms: [(device: String, start: UInt64, end: UInt64, startS: Double, endS: Double)]
    /// `hostile` faults the testbed published: device and the kinds its answers were drawn
    /// (`mdns truncated, http oversized`), in force for the whole run.
    let hostile: [(device: String, kinds: String)]
    /// Devices the testbed published as back on a new address (`new_address` records).
    let returns: Set<String>
    /// The first and last record of the event log (the app's session), if any.
    let session: (start: UInt64, end: UInt64)?
    let spans: [IPv4Address: [UInt64: ConnectionSpan]]
    let truth: GroundTruth
    let switchCounters: [SwitchPortCounters]?

    init(observation: RunObservation) {
        truth = observation.truth
        switchCounters = observation.switchCounters
        let offset = Double(observation.realtimeMinusMonotonicNs) / 1e9
        let onLogClock = { (unix: Double) in UInt64(max(0, (unix - offset) * 1e9)) }
        gaps = (observation.pathEvents ?? []).filter(\.isScannerGap).map { event in
            (event.kind, onLogClock(event.startUnix), onLogClock(event.endUnix))
        }
        leaves = Dictionary(
            (observation.pathEvents ?? []).filter { $0.kind == PathEventRecord.leaveKind }.map { event in
                (
                    event.port,
                    (onLogClock(event.startUnix), onLogClock(event.endUnix), event.startSeconds, event.endSeconds)
                )
            },
            uniquingKeysWith: { first, _ in first }
        )
        storms = (observation.pathEvents ?? []).filter { $0.kind == PathEventRecord.mdnsStormKind }.map { event in
            (event.port, onLogClock(event.startUnix), onLogClock(event.endUnix), event.startSeconds, event.endSeconds)
        }
        returns = Set(
            (observation.pathEvents ?? []).filter { $0.kind == PathEventRecord.newAddressKind }.map(\.port)
        )
        hostile = (observation.pathEvents ?? []).filter { $0.kind == PathEventRecord.hostileKind }.map { event in
            (event.port, event.detail ?? "kinds not recorded")
        }
        let times = observation.events.map(\.timeNs)
        session = times.min().flatMap { first in times.max().map { (first, $0) } }
        var addressOf: [UInt64: IPv4Address] = [:]
        var portOf: [UInt64: Int] = [:]
        var spans: [IPv4Address: [UInt64: ConnectionSpan]] = [:]
        let networkDown = Errno.networkDown.name
        for record in observation.events {
            switch record.event {
            case .connectionCreated(let created) where created.transport == .tcp:
                addressOf[created.connection] = created.ip
                portOf[created.connection] = created.port
            case .connectionState(let change):
                guard let ip = addressOf[change.connection] else { continue }
                var span = spans[ip]?[change.connection] ?? ConnectionSpan()
                span.port = portOf[change.connection]
                switch change.state {
                case .preparing: span.startNs = span.startNs ?? record.timeNs
                case .waiting where change.error == networkDown:
                    span.pathWaits += 1
                    span.lastPathWaitNs = record.timeNs
                case .ready: span.ready = true
                case .failed, .cancelled:
                    span.endNs = span.endNs ?? record.timeNs
                    if let wait = span.lastPathWaitNs, record.timeNs &- wait < Self.policyWindowNs {
                        span.endedAtPathWait = true
                    }
                default: break
                }
                if change.state == .preparing { span.lastPathWaitNs = nil }
                spans[ip, default: [:]][change.connection] = span
            default:
                continue
            }
        }
        self.spans = spans
    }

    /// What to add to a missed device's reason: observed facts and what they imply.
    func notes(for ip: IPv4Address) -> (observed: [String], inferred: [String]) {
        var observed: [String] = [], inferred: [String] = []
        let connects = Array((spans[ip] ?? [:]).values)
        let answered = connects.contains(where: \.ready)
        if let entry = truth.devices.first(where: { $0.device.ip == ip }), let sleep = entry.device.deepSleep {
            let asleep = "deep_sleep: asleep \(Self.seconds(sleep.sleepS)) s of every \(Self.seconds(sleep.periodS)) s"
            if let port = switchCounters?.first(where: { $0.name == entry.device.name }) {
                observed.append("\(asleep); the switch dropped \(port.asleepDropped) frames to or from it asleep")
                if port.asleepDropped > 0 && !answered { inferred.append("asleep at every poke (deep_sleep)") }
            } else {
                // Not "dropped 0": without the counters nobody knows what the switch dropped.
                observed.append(
                    "\(asleep); switch counters unread (\(switchCounters == nil ? "no switch.json" : "no port for it in switch.json"))"
                )
            }
        }
        if let name = truth.devices.first(where: { $0.device.ip == ip })?.device.name {
            let (leaveObserved, leaveInferred) = leaveNotes(for: name, connects: connects, answered: answered)
            observed += leaveObserved
            inferred += leaveInferred
        }
        if let burst = truth.scanner.link?.burstLoss {
            let lost = switchCounters?.first(where: { $0.name == "scanner" })?.lostOnLink
            observed.append(
                "burst loss on the scanner's link (burst_loss: enter \(Self.seconds(burst.enterPercent)) %, exit \(Self.seconds(burst.exitPercent)) %)"
                    + (lost.map { "; the switch dropped \($0) of the scanner's frames" } ?? "")
            )
            // Only for a device that would have answered: one of its open ports was probed (a
            // device with none is missed without any loss). The loss is on what the scanner sends.
            let open = truth.devices.first(where: { $0.device.ip == ip })?.device.tcpPorts.openPorts ?? []
            let probedOpen = connects.contains { $0.port.map(open.contains) == true }
            if !answered, probedOpen, (lost ?? 0) > 0 {
                inferred.append(
                    "an open port was probed, unanswered, while the scanner's burst loss dropped its frames"
                )
            }
        }
        for storm in storms where session.map({ storm.start < $0.end && $0.start < storm.end }) ?? true {
            let sent = switchCounters?.first(where: { $0.name == storm.device })?.stormSent
            observed.append(
                "mdns_storm: \(storm.device) multicast its announcement \(String(format: "%.1f", storm.startS))-\(String(format: "%.1f", storm.endS)) s after the switch's start, during the session"
                    + (sent.map { " (\($0) sent in the run)" } ?? "") + " (path-events.json)"
            )
        }
        let name = truth.devices.first(where: { $0.device.ip == ip })?.device.name
        for fault in hostile {
            // Its own answers were spoiled: the fault explains a miss of the device itself when
            // none of its probed TCP ports answered either.
            let own = fault.device == name
            observed.append(
                "hostile: \(own ? "its own" : "\(fault.device)'s") answers were \(fault.kinds) (path-events.json)"
            )
            if own && !answered {
                inferred.append("its answers were hostile (\(fault.kinds)) and no probed port answered")
            }
        }
        let endedByPolicy = connects.filter(\.endedAtPathWait).count
        if endedByPolicy > 0 && !answered {
            inferred.append(
                "`waiting` ended by the probe's policy during a path loss (\(endedByPolicy) connects cancelled within 50 ms of waiting ENETDOWN: `fail`)"
            )
        }
        let linkGaps = gaps
        if !linkGaps.isEmpty, !connects.isEmpty {
            let covered = connects.filter { span in
                guard let start = span.startNs else { return false }
                let end = span.endNs ?? start
                return linkGaps.contains { $0.start <= end && start <= $0.end }
            }.count
            if covered > 0 {
                let kinds = Set(linkGaps.map(\.kind)).sorted().joined(separator: "/")
                observed.append(
                    "\(covered) of \(connects.count) TCP connects overlapped a path gap (\(kinds), path-events.json)"
                )
                if covered == connects.count && !answered {
                    inferred.append("path lost: a path gap (\(kinds)) covered its probes")
                }
            }
        }
        return (observed, inferred)
    }

    /// What a `leave` fault of device `name` adds: when it was away (from `path-events.json`),
    /// how much of the app's session that covered, and — when the device was away for all of it,
    /// or for every probe of it — that the fault explains the miss.
    private func leaveNotes(for name: String, connects: [ConnectionSpan], answered: Bool) -> ([String], [String]) {
        guard let away = leaves[name] else {
            if let entry = truth.devices.first(where: { $0.device.name == name }), entry.device.leave != nil {
                return (["leave: configured but not begun by the run's end (no leave in path-events.json)"], [])
            }
            return ([], [])
        }
        var observed = [
            "leave: away from the LAN \(String(format: "%.1f", away.startS))-\(String(format: "%.1f", away.endS)) s after the switch's start (path-events.json)"
        ]
        if let entry = truth.devices.first(where: { $0.device.name == name }), let to = entry.returnAddress {
            observed.append(
                returns.contains(name)
                    ? "new_address: came back on \(to) (was \(entry.device.ip)); found at either counts"
                    : "new_address: to come back on \(to) (was \(entry.device.ip)), not back by the run's end"
            )
        }
        var inferred: [String] = []
        if let dropped = switchCounters?.first(where: { $0.name == name })?.awayDropped {
            observed.append("the switch dropped \(dropped) frames to or from it while away")
        }
        if let session {
            let overlap = min(session.end, away.end) > max(session.start, away.start)
            let whole = away.start <= session.start && session.end <= away.end
            if whole {
                observed.append("away for the whole session")
                inferred.append("left the LAN (leave fault) for the whole scan")
            } else if overlap {
                let seconds = Double(min(session.end, away.end) - max(session.start, away.start)) / 1e9
                let total = Double(session.end - session.start) / 1e9
                observed.append(
                    "away \(String(format: "%.1f", seconds)) s of the session's \(String(format: "%.1f", total)) s"
                )
                let covered = connects.filter { span in
                    guard let start = span.startNs else { return false }
                    return away.start <= start && (span.endNs ?? start) <= away.end
                }.count
                if !answered && (connects.isEmpty || covered == connects.count) {
                    inferred.append("left the LAN (leave fault) while the scan probed it")
                }
            } else {
                observed.append("away outside the session")
            }
        }
        return (observed, inferred)
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
