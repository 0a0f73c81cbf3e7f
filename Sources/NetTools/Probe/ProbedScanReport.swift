import AppContract
import ScanKit
import Wire
import AppInputs

/// What `scanbench scan --probe --json` prints: the scan's report with each device enriched by
/// NetTools' deep probe and classification (docs/SCANKIT.md); `scanbench probe --from-scan --json`
/// prints it too. Lives in NetTools because it joins the two libraries; ScanKit knows nothing of NetTools.
public struct ProbedScanReport: Sendable, Encodable {
    /// A scanned device, its category and the probe signals behind it.
    public struct Device: Sendable, Encodable {
        public var scanned: ScanReport.Device
        public var verdict: ProbeReport

        enum CodingKeys: String, CodingKey {
            case category, probe
            case categoryReason = "category_reason"
            case categoryEvidence = "category_evidence"
            case displayName = "display_name"
        }

        /// The scan's keys, then the classification's beside them in the same object.
        public func encode(to encoder: any Encoder) throws {
            try scanned.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(verdict.category, forKey: .category)
            try container.encode(verdict.rule, forKey: .categoryReason)
            try container.encode(verdict.evidence, forKey: .categoryEvidence)
            try container.encode(verdict.name, forKey: .displayName)
            try container.encode(verdict.signals, forKey: .probe)
        }
    }

    public var devices: [Device]
    public var summary: ScanReport.Totals

    /// Pairs each scanned device with its probe (by IP), adding what the scan knew that the
    /// probe did not see: the scan's host name (PTR or Bonjour), MAC (and its vendor) and open
    /// ports; classified by `classifier`.
    public init(report: ScanReport, probed: [DeviceSignals], classifier: Strategy.Classifier = .scanbench) {
        let byIP = Dictionary(probed.map { ($0.ip, $0) }, uniquingKeysWith: { first, _ in first })
        devices = report.devices.map { scanned in
            var signals = byIP[scanned.ip] ?? DeviceSignals(ip: scanned.ip)
            signals.hostname = signals.hostname ?? scanned.hostname
            if signals.mac == nil, let text = scanned.mac, let mac = MACAddress(text) {
                signals.mac = mac.description
                signals.vendor = OUIRegistry.shared.vendor(mac)
            }
            signals.openPorts = Array(Set(signals.openPorts + scanned.openPorts.compactMap { UInt16(exactly: $0) }))
                .sorted()
            return Device(scanned: scanned, verdict: ProbeReport(signals: signals, classifier: classifier))
        }
        summary = report.summary
    }
}
