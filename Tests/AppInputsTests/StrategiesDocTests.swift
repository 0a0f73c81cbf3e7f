import Foundation
import Testing
@testable import AppInputs

/// docs/STRATEGIES.md against the declarations (`Knob`): a row for every declared knob and no
/// row for a knob that is gone, and each default the doc writes in backticks is the declared one
/// (a strategy that writes it loads to the default strategy). The meaning column is prose with its
/// NetMonitor commits and stays hand-written.
@Suite("docs/STRATEGIES.md: a row per declared knob, with its default")
struct StrategiesDocTests {
    /// `section.key` (top level: `key`) → the default cell, from the tables under "## Top level"
    /// and "## `section` — …".
    static let rows: [String: String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/STRATEGIES.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var section: String?
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## ") {
                let words = line.dropFirst(3).split(separator: " ")
                section = line == "## Top level" ? "" : words.first.flatMap { $0.hasPrefix("`") ? String($0.dropFirst().dropLast()) : nil }
                continue
            }
            guard let section, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3 else { continue }
            let key = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            rows[section.isEmpty ? key : "\(section).\(key)"] = cells[2]
        }
        return rows
    }()

    @Test("every declared knob has a row, every row is a declared knob")
    func rowsMatchTheDeclarations() {
        let declared = Set(Strategy.knobs.flatMap(\.paths))
        let documented = Set(Self.rows.keys)
        #expect(!documented.isEmpty, "no knob rows read from docs/STRATEGIES.md")
        #expect(declared.subtracting(documented).isEmpty, "knobs without a row: \(declared.subtracting(documented).sorted())")
        #expect(documented.subtracting(declared).isEmpty, "rows for no knob: \(documented.subtracting(declared).sorted())")
    }

    @Test("each default written in backticks is the declared default")
    func defaultsMatchTheDeclarations() throws {
        var expected = Strategy()
        expected.name = "snapshot"
        for (path, cell) in Self.rows.sorted(by: { $0.key < $1.key }) where cell.hasPrefix("`") && cell.hasSuffix("`") && path != "name" {
            let value = String(cell.dropFirst().dropLast())
            let loaded = try StrategyLoader.load(text: StrategySnapshotTests.yaml(path, value), file: "STRATEGIES.md")
            #expect(loaded == expected, "docs/STRATEGIES.md gives \(path) the default \(value), not the declared one")
        }
    }
}
