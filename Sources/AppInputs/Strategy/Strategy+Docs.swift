/// docs/STRATEGIES.md's knob tables, rendered from the declarations (`Knob`'s `doc:` and the
/// defaults of `Strategy()`): each sits between `<!-- knobs: NAME -->` and `<!-- /knobs -->`,
/// where NAME is `top` (the top level's own knobs) or a section's key (`tcp`; a nested section's
/// knobs are rows of its parent's table, `timeouts.mode`). The prose around them stays hand-written.
/// `StrategiesDocTests` fails while the file differs; `SCANBENCH_WRITE_DOCS=1` makes it rewrite it.
extension Strategy {
    /// Every table the doc must hold, in declaration order.
    public static var knobTableNames: [String] { ["top"] + knobs.filter(\.isSection).map(\.key) }

    /// The table `| key | default | meaning |` for `name` (see `knobTableNames`), or nil for no such table.
    public static func markdownTable(_ name: String) -> String? {
        let defaults = Strategy()
        let rows: [KnobDocRow]
        if name == "top" {
            rows = knobs.filter { !$0.isSection }.flatMap { $0.docRows(defaults) }
        } else if let section = knobs.first(where: { $0.isSection && $0.key == name }) {
            rows = section.docRows(defaults).map { row in
                var row = row
                row.key = String(row.key.dropFirst(name.count + 1))
                return row
            }
        } else {
            return nil
        }
        return (["| key | default | meaning |", "|---|---|---|"] + rows.map(\.markdown)).joined(separator: "\n") + "\n"
    }

    /// `text` with every marked table rendered anew, and the names of the tables it holds, in order.
    public static func renderingKnobTables(in text: String) throws(KnobTableError) -> (text: String, tables: [String]) {
        var output: [String] = [], tables: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        while let line = lines.popFirst() {
            output.append(line)
            guard line.hasPrefix(beginMarker), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst(beginMarker.count).dropLast(4))
            guard let table = markdownTable(name) else {
                throw KnobTableError(description: "no knob table named '\(name)'")
            }
            guard let end = lines.firstIndex(of: endMarker) else {
                throw KnobTableError(description: "'\(line)' has no '\(endMarker)' after it")
            }
            output.append(String(table.dropLast()))
            output.append(endMarker)
            lines = lines[(end + 1)...]
            tables.append(name)
        }
        return (output.joined(separator: "\n"), tables)
    }

    /// Every knob's row with its dotted path (`tcp.timeouts.mode`) and rendered default.
    static var allDocRows: [KnobDocRow] { Strategy().docRows() }

    private static let beginMarker = "<!-- knobs: "
    private static let endMarker = "<!-- /knobs -->"
}

/// A knob-table marker of docs/STRATEGIES.md that cannot be rendered.
public struct KnobTableError: Error, CustomStringConvertible {
    public let description: String
}
