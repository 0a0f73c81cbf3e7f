import Foundation
import Testing
@testable import AppInputs

/// docs/STRATEGIES.md's knob tables are rendered from the declarations (`Knob`'s `doc:`, the
/// defaults of `Strategy()`; `Strategy.markdownTable`), never typed by hand: each marked block holds
/// its table verbatim, and every table has its block. With `SCANBENCH_WRITE_DOCS=1` the suite
/// rewrites the file instead of failing.
@Suite("docs/STRATEGIES.md: the knob tables are the declarations'")
struct StrategiesDocTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/STRATEGIES.md").path
    static let fix = "SCANBENCH_WRITE_DOCS=1 swift test --filter StrategiesDocTests"

    @Test("every knob table of docs/STRATEGIES.md is rendered from the declarations, and every table has its block")
    func tablesAreRendered() throws {
        let doc = try String(contentsOfFile: Self.path, encoding: .utf8)
        let rendered = try Strategy.renderingKnobTables(in: doc)
        #expect(
            rendered.tables == Strategy.knobTableNames,
            "docs/STRATEGIES.md holds the knob tables \(rendered.tables), not \(Strategy.knobTableNames): add `<!-- knobs: NAME -->` and `<!-- /knobs -->` around the missing ones"
        )
        guard rendered.text != doc else { return }
        if ProcessInfo.processInfo.environment["SCANBENCH_WRITE_DOCS"] == "1" {
            try rendered.text.write(toFile: Self.path, atomically: true, encoding: .utf8)
        } else {
            Issue.record(
                "docs/STRATEGIES.md's knob tables differ from the declarations (the knobs' doc: and defaults): run `\(Self.fix)`"
            )
        }
    }

    @Test("every knob has a doc and a default cell")
    func everyKnobIsDocumented() {
        let rows = Strategy.allDocRows
        #expect(Set(rows.map(\.key)) == Set(Strategy.knobs.flatMap(\.paths)))
        for row in rows {
            #expect(
                !row.doc.isEmpty && !row.doc.contains("\n") && !row.doc.contains("|"),
                "\(row.key): doc: is empty or breaks the table"
            )
            #expect(!row.shown.contains("no rendering"), "\(row.key): \(row.shown)")
        }
    }

    @Test("each default rendered in backticks loads to the declared default")
    func defaultsMatchTheDeclarations() throws {
        var expected = Strategy()
        expected.name = "snapshot"
        for row in Strategy.allDocRows where row.shown.hasPrefix("`") && row.shown.hasSuffix("`") && row.key != "name" {
            let value = String(row.shown.dropFirst().dropLast())
            let loaded = try StrategyLoader.load(
                text: StrategySnapshotTests.yaml(row.key, value),
                file: "STRATEGIES.md"
            )
            #expect(
                loaded == expected,
                "docs/STRATEGIES.md gives \(row.key) the default \(value), not the declared one"
            )
        }
    }

    @Test("a marker without its end, or naming no table, is refused")
    func badMarkersAreRefused() {
        #expect(throws: KnobTableError.self) { try Strategy.renderingKnobTables(in: "<!-- knobs: tcp -->\n| x |\n") }
        #expect(throws: KnobTableError.self) {
            try Strategy.renderingKnobTables(in: "<!-- knobs: nope -->\n<!-- /knobs -->\n")
        }
    }
}
