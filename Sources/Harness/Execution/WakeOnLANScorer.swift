import AppContract
import Foundation
import Results
import Testbed

/// Scores the Wake-on-LAN tool against the reference on the other end: the target's listener,
/// which logs every datagram it gets on UDP 9 as one line of hex, and its arrival time as the
/// same line of a `.times` file (`WakeOnLANListener`). The lines the session added are what it
/// delivered; arrival − the tool's send time (both the wall clock of this one machine) is the
/// delivery latency.
struct WakeOnLANScorer: Sendable {
    /// The target's listener log.
    var logPath: String
    /// Lines the log had before the session: the ones after are the session's.
    var linesBefore: Int
    /// The log did not exist before the session: the listener was not running then.
    var missingBefore: Bool

    /// The scorer for `target` on `testbed`, remembering how long its log was before the session.
    /// The agent logs to the testbed's state directory (`scanbench testbed agent`: `<fixture's directory>/wol`).
    init(testbed: String, target: String) {
        logPath = "\(TestbedNames(id: testbed).stateDirectory)/wol/\(target).log"
        let before = Self.lines(of: logPath)
        linesBefore = before?.count ?? 0
        missingBefore = before == nil
    }

    /// The session's packets against the lines the listener logged since. A packet the session
    /// ended before (or whose send failed) was not sent, so the run cannot agree.
    func score(_ runs: [SessionReport.WakeOnLANRun], target: String) -> RunMetrics.WakeOnLANDelivery {
        var delivery = RunMetrics.WakeOnLANDelivery(target: target)
        delivery.sent = runs.filter { $0.error == nil }.count
        delivery.durationMs = runs.last(where: \.finished)?.durationMs
        delivery.error = runs.lazy.compactMap(\.error).first
        // The listener creates its log when it starts: no log, no listener, and nothing to score against.
        guard !missingBefore, let logged = Self.lines(of: logPath) else {
            delivery.referenceError =
                "the target's Wake-on-LAN listener log \(logPath) was missing \(missingBefore ? "before" : "after") the session"
            return delivery
        }
        let times = Self.lines(of: WakeOnLANListener.timesPath(forLog: logPath)) ?? []
        var unmatched = Array(logged.indices.dropFirst(linesBefore))
        for run in runs {
            guard let hex = run.packetHex, let at = unmatched.firstIndex(where: { logged[$0] == hex }) else { continue }
            let line = unmatched.remove(at: at)
            delivery.received += 1
            if line < times.count, let arrived = Int64(times[line]) {
                delivery.latencyMs = Double(arrived - run.sentUnixNs) / 1e6
            }
        }
        delivery.mismatched = unmatched.count
        delivery.agrees = delivery.sent > 0 && delivery.received == delivery.sent && delivery.mismatched == 0
        return delivery
    }

    /// A file's lines; nil when it cannot be read.
    static func lines(of path: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
