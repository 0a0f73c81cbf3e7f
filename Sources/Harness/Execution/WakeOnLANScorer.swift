import AppContract
import Fixture
import Foundation
import Results
import Testbed

/// Scores the Wake-on-LAN tool against the reference on the other end: the target's listener,
/// which logs every datagram it gets on UDP 9 as one line of hex (`WakeOnLANListener`). What the
/// session added to the log is what it delivered; the log's modification time, against the
/// tool's send time, is the delivery latency (both wall clock, one machine).
struct WakeOnLANScorer: Sendable {
    /// The target's listener log.
    var logPath: String
    /// The log's size before the session: lines after it are the session's.
    var offsetBefore: UInt64

    /// The scorer for `target` on `testbed`, remembering how far its log went before the session.
    /// The agent logs to the testbed's state directory (`scanbench testbed agent`: `<fixture's directory>/wol`).
    init(testbed: String, target: String) {
        logPath = "\(TestbedNames(id: testbed).stateDirectory)/wol/\(target).log"
        offsetBefore = ((try? FileManager.default.attributesOfItem(atPath: logPath))?[.size] as? NSNumber)?.uint64Value ?? 0
    }

    /// The session's packets against the lines the listener logged since `offsetBefore`.
    func score(_ runs: [SessionReport.WakeOnLANRun], target: String) -> RunMetrics.WakeOnLANDelivery {
        var delivery = RunMetrics.WakeOnLANDelivery(target: target)
        delivery.sent = runs.filter { $0.error == nil }.count
        delivery.durationMs = runs.last?.durationMs
        var logged = newLines()
        for run in runs {
            guard let hex = run.packetHex, let index = logged.firstIndex(of: hex) else { continue }
            logged.remove(at: index)
            delivery.received += 1
            if let written = modified() { delivery.latencyMs = written - Double(run.sentUnixNs) / 1e6 }
        }
        delivery.mismatched = logged.count
        return delivery
    }

    /// Lines the listener appended during the session.
    func newLines() -> [String] {
        guard let handle = FileHandle(forReadingAtPath: logPath) else { return [] }
        defer { try? handle.close() }
        try? handle.seek(toOffset: offsetBefore)
        let data = (try? handle.readToEnd()) ?? Data()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The log's last write, Unix milliseconds.
    func modified() -> Double? {
        ((try? FileManager.default.attributesOfItem(atPath: logPath))?[.modificationDate] as? Date).map { $0.timeIntervalSince1970 * 1000 }
    }
}
