/// What happens in one run besides (or around) the scan.
public enum Scenario: String, Sendable, Equatable, CaseIterable, Codable {
    /// A plain scan.
    case scan
    /// iputils-style pings with the ping tool to one device while the scan runs (review problem 3).
    case pingDuringScan = "ping-during-scan"
    /// A port scan of one device while the scan runs (review problem 4).
    case portsDuringScan = "ports-during-scan"
    /// Tools first (ping, port scan), then the scan, which must finish (ADR-016).
    case toolsThenScan = "tools-then-scan"
    /// The thermal state goes to serious 2 s into the scan.
    case thermalMidScan = "thermal-mid-scan"

    /// - Throws: a message listing the scenarios when `text` is none of them.
    public static func parse(_ text: String) throws -> Scenario {
        guard let scenario = Scenario(rawValue: text) else {
            throw HarnessError("unknown scenario '\(text)'",
                               fix: "use one of: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return scenario
    }
}
