/// Reads back tables of a rendered report, so tests can check cells rather than grep text.
struct MarkdownProbe {
    let text: String

    /// The rows (cells, trimmed) of the first table after the line containing `heading` whose
    /// header row contains `column`.
    func table(after heading: String, withColumn column: String) -> [[String]] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains(heading) }) else { return [] }
        var index = start
        while index < lines.count, !(lines[index].hasPrefix("|") && lines[index].contains(column)) { index += 1 }
        var rows: [[String]] = []
        index += 2  // header and delimiter
        while index < lines.count, lines[index].hasPrefix("|") {
            rows.append(Self.cells(lines[index]))
            index += 1
        }
        return rows
    }

    /// The header cells of that table.
    func header(after heading: String, withColumn column: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains(heading) }) else { return [] }
        guard let line = lines[start...].first(where: { $0.hasPrefix("|") && $0.contains(column) }) else { return [] }
        return Self.cells(line)
    }

    /// A row whose first cell contains `name`.
    func row(_ rows: [[String]], _ name: String) -> [String]? {
        rows.first { $0.first?.contains(name) == true }
    }

    static func cells(_ line: String) -> [String] {
        var body = line
        body.removeFirst()
        if body.hasSuffix("|") { body.removeLast() }
        // Split on unescaped pipes.
        var cells: [String] = []
        var current = ""
        var previous: Character = " "
        for character in body {
            if character == "|", previous != "\\" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        cells.append(current.trimmingCharacters(in: .whitespaces))
        return cells
    }
}

import Foundation
