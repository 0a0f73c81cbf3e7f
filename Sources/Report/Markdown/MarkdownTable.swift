/// A GitHub-flavoured Markdown pipe table: names left-aligned, numbers right-aligned, `|` escaped.
struct MarkdownTable {
    enum Alignment { case left, right, center }

    struct Column {
        var title: String
        var alignment: Alignment
    }

    var columns: [Column]
    var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
    }

    mutating func add(_ cells: [String]) {
        precondition(
            cells.count == columns.count,
            "a row of \(cells.count) cells in a table of \(columns.count) columns"
        )
        rows.append(cells)
    }

    var isEmpty: Bool { rows.isEmpty }

    /// The table's lines, ending with a newline.
    func render() -> String {
        var lines = ["| " + columns.map { Self.escape($0.title) }.joined(separator: " | ") + " |"]
        lines.append(
            "|"
                + columns.map { column in
                    switch column.alignment {
                    case .left: ":---"
                    case .right: "---:"
                    case .center: ":---:"
                    }
                }.joined(separator: "|") + "|"
        )
        for row in rows {
            lines.append("| " + row.map(Self.escape).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escapes pipes and folds newlines, which would end the row.
    static func escape(_ cell: String) -> String {
        cell.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
