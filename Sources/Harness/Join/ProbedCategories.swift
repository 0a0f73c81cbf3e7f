import Foundation

/// What `scanbench probe --from-scan - --json` printed after a scan: per found device, the
/// category the classifier gave it and the rule that decided (docs/TOOLS.md). Decoded leniently,
/// like `ScanReportExcerpt`: only the keys the join needs.
public struct ProbedCategories: Decodable, Sendable {
    public struct Device: Decodable, Sendable, Equatable {
        public var ip: String
        /// nil: no rule decided.
        public var category: String?
        /// The deciding rule: "gateway", "txt-model", "txt-category", "bonjour-type", "probe", "vendor", "hostname", "suggested", "ports", "none".
        public var rule: String
        public var evidence: String?
        /// The wired/Wi-Fi guess, `wired` or `wifi`; nil when the step made none.
        public var link: String?

        public init(ip: String, category: String?, rule: String, evidence: String? = nil, link: String? = nil) {
            self.ip = ip
            self.category = category
            self.rule = rule
            self.evidence = evidence
            self.link = link
        }

        enum CodingKeys: String, CodingKey {
            case ip, category, link
            case rule = "category_reason"
            case evidence = "category_evidence"
        }
    }

    public var devices: [Device]

    public init(devices: [Device]) { self.devices = devices }

    /// The verdict for each probed address.
    public var byIP: [String: Device] {
        Dictionary(devices.map { ($0.ip, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Decodes the probe's JSON output.
    /// - Throws: `HarnessError` quoting the start of the output when it is not a probe report.
    public static func decode(_ text: String) throws -> ProbedCategories {
        try ChildOutput.decode(
            ProbedCategories.self,
            from: text,
            what: "the category probe's --json output is not a probed scan report",
            fix:
                "run it by hand: 'scanbench testbed exec -- sh -c \"scanbench scan --json | scanbench probe --from-scan - --json\"'"
        )
    }
}
