import Foundation

/// Port lists: NetMonitor's presets and custom lists/ranges such as `22,80,8000-8100`.
public enum PortSpec {
    /// NetMonitor's shared-core presets (spec §5.4).
    public enum Preset: String, Sendable, CaseIterable, Codable {
        case common, wellKnown = "well-known", extended, web, database, mail

        /// The ports, ascending.
        public var ports: [UInt16] {
            switch self {
            case .common:
                [20, 21, 22, 23, 25, 53, 80, 110, 143, 443, 445, 993, 995, 3306, 3389, 5432, 5900, 8080, 8443]
            case .wellKnown: Array(1...1024)
            case .extended: Array(1...10000)
            case .web: [80, 443, 3000, 5000, 8000, 8080, 8443]
            case .database: [1433, 1521, 3306, 5432, 6379, 27017]
            case .mail: [25, 110, 143, 465, 587, 993, 995]
            }
        }
    }

    /// Parses a preset name, or a comma-separated list of ports and `start-end` ranges.
    ///
    /// Ranges are inclusive and must satisfy 1 ≤ start ≤ end ≤ 65535. Duplicates are removed and
    /// the result is sorted.
    /// - Throws: ``NetToolError/invalidArgument(_:)`` saying which element is wrong and why.
    public static func parse(_ text: String) throws(NetToolError) -> [UInt16] {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let preset = Preset(rawValue: trimmed) ?? (trimmed == "wellknown" ? .wellKnown : nil) { return preset.ports }
        return try parseList(trimmed)
    }

    /// Parses a comma-separated list of ports and ranges (no preset names).
    public static func parseList(_ text: String) throws(NetToolError) -> [UInt16] {
        var ports = Set<UInt16>()
        let presets = Preset.allCases.map(\.rawValue).joined(separator: ", ")
        for element in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = element.trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty else {
                throw .invalidArgument(
                    "empty element in port list '\(text)' (use e.g. 22,80,8000-8100 or a preset: \(presets))"
                )
            }
            let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { String($0) }
            guard let start = Int(bounds[0]), let end = Int(bounds.count == 2 ? bounds[1] : bounds[0]) else {
                throw .invalidArgument(
                    "'\(item)' is not a port or a range (use e.g. 22,80,8000-8100 or a preset: \(presets))"
                )
            }
            for value in [start, end] where !(1...65535).contains(value) {
                throw .invalidArgument("port \(value) in '\(item)' is outside 1-65535")
            }
            guard start <= end else {
                throw .invalidArgument(
                    "range '\(item)' runs backwards: the start must not exceed the end (write \(end)-\(start))"
                )
            }
            for port in start...end { ports.insert(UInt16(port)) }
        }
        return ports.sorted()
    }
}
