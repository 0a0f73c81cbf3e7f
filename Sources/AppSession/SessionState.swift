import AppContract
import ScanKit
import Synchronization

/// The session's shared bookkeeping, behind the session's lock.
struct SessionState {
    /// The last scan's start.
    var scanStartedS: Double?
    var scansStarted = 0
    /// The last scan started has returned.
    var lastScanDone = false
    var scan: Task<Result<ScanReport, any Error>, Never>?
    var report: ScanReport?
    /// Why the last scan returned no report (its setup failed), with the fix.
    var scanError: String?
    var ping: Task<SessionReport.PingRun, Never>?
    var ports: Task<SessionReport.PortScan, Never>?
    var pings: [SessionReport.PingRun] = []
    var portScans: [SessionReport.PortScan] = []
    var traces: [SessionReport.TraceRun] = []
    var dnsLookups: [SessionReport.DNSLookupRun] = []
    var whoisLookups: [SessionReport.WhoisLookupRun] = []
    var wakeOnLAN: [SessionReport.WakeOnLANRun] = []
    var bonjourBrowses: [SessionReport.BonjourBrowse] = []
    var detailDiscoveries: [SessionReport.DetailDiscovery] = []
    var monitors: [SessionReport.MonitorRun] = []
    var certs: [SessionReport.CertRun] = []
    /// Tool actions (by their place in the script's time order) that have started, and when;
    /// those whose result is in, for the entries of the rest (`AppSession+UnfinishedTools.swift`).
    var toolsStarted: [Int: Double] = [:]
    var toolsDone: Set<Int> = []
    /// The app went to the background (and, maybe, was suspended).
    var background: SessionReport.Background?

    /// The state behind a lock, shareable between the session's tasks.
    final class Box: Sendable {
        let lock = Mutex(SessionState())
    }
}
