import Fixture
import Platform
import Testbed
import Wire

/// The Wi-Fi mechanism behind a missed device, named from what the fixture configured, what the
/// switch did and what the event log shows: a deep sleeper that slept through every
/// poke, a `.waiting` policy that ended probes during a loss of the scanner's path, or probes a
/// path gap covered. The scanner never sees the fixture or `path-events.json`; only the harness
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
    }

    /// A cancel this soon after `waiting(ENETDOWN)` is the policy's (`fail`), not a timer's.
    static let policyWindowNs: UInt64 = 50_000_000

    /// Path gaps (roam or association loss) on the event log's clock.
    let gaps: [(kind: String, start: UInt64, end: UInt64)]
    let spans: [IPv4Address: [UInt64: ConnectionSpan]]
    let truth: GroundTruth
    let switchCounters: [SwitchPortCounters]?

    init(observation: RunObservation) {
        truth = observation.truth
        switchCounters = observation.switchCounters
        let offset = Double(observation.realtimeMinusMonotonicNs) / 1e9
        gaps = (observation.pathEvents ?? []).filter { $0.kind != "congestion" }.map { event in
            (
                event.kind, UInt64(max(0, (event.startUnix - offset) * 1e9)),
                UInt64(max(0, (event.endUnix - offset) * 1e9))
            )
        }
        var addressOf: [UInt64: IPv4Address] = [:]
        var spans: [IPv4Address: [UInt64: ConnectionSpan]] = [:]
        let networkDown = Errno.networkDown.name
        for record in observation.events {
            switch record.event {
            case .connectionCreated(let created) where created.transport == .tcp:
                addressOf[created.connection] = created.ip
            case .connectionState(let change):
                guard let ip = addressOf[change.connection] else { continue }
                var span = spans[ip]?[change.connection] ?? ConnectionSpan()
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

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
