import Foundation

/// What `scanbench scan --json` prints: the system under test's own account of a scan.
/// Decoded leniently (unknown keys ignored, most fields optional) so the harness keeps working
/// while the scanner's output grows.
public struct ScanReport: Decodable, Sendable {
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

        enum CodingKeys: String, CodingKey {
            case ip, mac, hostname, sources
            case firstSource = "first_source"
            case latencyMs = "latency_ms"
            case latencySource = "latency_source"
            case openPorts = "open_ports"
            case firstSeenMs = "first_seen_ms"
        }
    }

    public struct Summary: Decodable, Sendable {
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
    public var summary: Summary?

    /// Decodes the scanner's JSON output.
    /// - Throws: `HarnessError` quoting the start of the output when it is not a scan report.
    public static func decode(_ text: String) throws -> ScanReport {
        try ChildOutput.decode(ScanReport.self, from: text, what: "the scanner's --json output is not a scan report",
                               fix: "run the same scan by hand with 'scanbench testbed exec -- scanbench scan --json' and read its errors")
    }
}
