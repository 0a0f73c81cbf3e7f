import AppContract
import Synchronization

/// An event sink in front of the app's log that keeps, in memory, the events `ScanFindings` is
/// built from (`ScanFindings.reads`), so the app's classify step has
/// what the session learned without reading its own log back or writing a findings file.
final class FindingsLog: EventSink {
    private let next: (any EventSink)?
    private let kept = Mutex<[EventRecord]>([])

    init(forwardingTo next: (any EventSink)?) { self.next = next }

    /// What the session learned of each device, with the open ports of `report`.
    func findings(report: ScanReport) -> ScanFindings {
        ScanFindings(events: kept.withLock { $0 }, report: report)
    }

    func record(_ event: ScanEvent) {
        if ScanFindings.reads(event) { kept.withLock { $0.append(EventRecord(timeNs: 0, event: event)) } }
        next?.record(event)
    }
}
