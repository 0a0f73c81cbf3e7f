import AppContract
import Foundation

/// The part of ScanKit's `ScanReport` (what `scanbench scan --json` prints, and the `scan` of
/// `scanbench-app --json`) that the join reads: the devices and the run totals.
///
/// The harness decodes the app's output once, as ScanKit's own types (`SessionReport`), and
/// takes this excerpt from the decoded value. It stays leniently decodable (unknown keys
/// ignored, most fields optional) for reports read from files, which may come from an older or
/// newer scanner.
public struct ScanReportExcerpt: Decodable, Sendable {
    public struct Device: Decodable, Sendable {
        public var ip: String
        public var mac: String?
        public var hostname: String?
        public var sources: [String]?
        public var firstSource: String?
        public var latencyMs: Double?
        public var latencySource: String?
        public var openPorts: [Int]?
        public var firstSeenMs: Double?

        typealias CodingKeys = ScanReport.Device.CodingKeys
    }

    /// ScanKit's `ScanReport.Totals`, the counters the join falls back on.
    public struct Totals: Decodable, Sendable {
        public var durationS: Double?
        public var connectionsCreated: Int?
        public var peakConnectionsInFlight: Int?
        public var budgetWaits: Int?

        enum CodingKeys: String, CodingKey {
            case durationS = "duration_s"
            case connectionsCreated = "connections_created"
            case peakConnectionsInFlight = "peak_connections_in_flight"
            case budgetWaits = "budget_waits"
        }
    }

    public var devices: [Device]
    /// The report's `summary` object.
    public var summary: Totals?

    /// The excerpt of a report already decoded.
    public init(_ report: ScanReport) {
        devices = report.devices.map { device in
            Device(
                ip: device.ip,
                mac: device.mac,
                hostname: device.hostname,
                sources: device.sources,
                firstSource: device.firstSource,
                latencyMs: device.latencyMs,
                latencySource: device.latencySource,
                openPorts: device.openPorts,
                firstSeenMs: device.firstSeenMs
            )
        }
        let totals = report.summary
        summary = Totals(
            durationS: totals.durationS,
            connectionsCreated: totals.connectionsCreated,
            peakConnectionsInFlight: totals.peakConnectionsInFlight,
            budgetWaits: totals.budgetWaits
        )
    }

    /// Decodes a scanner's JSON output.
    /// - Throws: `HarnessError` quoting the start of the output when it is not a scan report.
    public static func decode(_ text: String) throws -> ScanReportExcerpt {
        try ChildOutput.decode(
            ScanReportExcerpt.self,
            from: text,
            what: "the scanner's --json output is not a scan report",
            fix: "run the same scan by hand with 'scanbench testbed exec -- scanbench scan --json' and read its errors"
        )
    }
}
