import Foundation
import Testing
@testable import Report
import Results
import SyntheticRuns

@Suite("Sweep section and charts")
struct SweepReportTests {
    static let report = Report(document: SyntheticSweep.document())
    static let files = report.render()

    /// The first table row of report.md whose first cell starts with `start` (the sweep section
    /// comes before the headline tables).
    private func row(_ markdown: String, _ start: String) -> String? {
        markdown.split(separator: "\n").first { $0.hasPrefix("| \(start)") }.map(String.init)
    }

    @Test("each variant's median, change against the control, Mann–Whitney p and Cliff's δ")
    func table() throws {
        let markdown = Self.report.allMarkdown()
        #expect(markdown.contains("## Sweep"))
        #expect(markdown.contains("Knobs: `a` = 1, 2, 4 × `b` = x, y (6 variants of each control)"))
        #expect(markdown.contains("### `home` · scenario `scan` · control `arp-only`"))
        // Three against three repetitions: the smallest possible p is 2 / C(6, 3) = 0.1, and the report says so.
        #expect(markdown.contains("no p can go below 0.10"))
        let control = try #require(row(markdown, "`arp-only` (control)"))
        #expect(control.contains("252<br>251–253<br>control"), "\(control)")
        // 452 against 252: +79 % (+200); every repetition above every control run: p 0.1, δ +1.
        let top = try #require(row(markdown, "`\(SyntheticSweep.name("4", "y"))`"))
        #expect(top.contains("| 4 | y |"))
        #expect(top.contains("452<br>451–453<br>+79 % (+200)<br>p 0.10 · δ +1.00 large"), "\(top)")
        let low = try #require(row(markdown, "`\(SyntheticSweep.name("1", "x"))`"))
        #expect(low.contains("102<br>101–103<br>−60 % (−150)<br>p 0.10 · δ −1.00 large"), "\(low)")
        let failed = try #require(row(markdown, "`\(SyntheticSweep.name("2", "y"))`"))
        #expect(failed.contains("3 of 3 runs failed") && failed.contains("not measured"))
        // Recall is equal everywhere: no change, and the test sees nothing.
        #expect(low.contains("1.00<br>all 3 equal<br>±0<br>p 1.00 · δ ±0 negligible"), "\(low)")
    }

    @Test("a chart per measured headline metric, each well-formed, linked from the section with its text alternative")
    func chartFiles() throws {
        let charts = Self.files.filter { $0.name.contains("-sweep-") }
        let measured = Metric.headline.filter { metric in
            SyntheticSweep.document().runs.contains { $0.status == .ok && metric.value(in: $0.metrics) != nil }
        }
        #expect(charts.map(\.name) == measured.map { "home-scan-sweep-arp-only-\(Inline.slug($0.id)).svg" })
        #expect(charts.contains { $0.name == "home-scan-sweep-arp-only-wire.tcp_attempts.svg" })
        let markdown = Self.report.allMarkdown()
        for chart in charts {
            #expect(markdown.contains("](\(chart.name))"), "report.md does not show \(chart.name)")
            let svg = SVGCollector.parse(chart.contents)
            #expect(svg.elements.first == "svg" && svg.elements.contains("desc"))
        }
    }

    @Test(
        "the chart's dots sit at the medians on the y axis and at the knob's values on x; bars span min–max; the control is a dashed line"
    )
    func pointsAreMedians() throws {
        let file = try #require(Self.files.first { $0.name == "home-scan-sweep-arp-only-wire.tcp_attempts.svg" })
        let svg = SVGCollector.parse(file.contents)
        let elements = zip(svg.elements, svg.attributes).map { (name: $0, attributes: $1) }
        func number(_ element: (name: String, attributes: [String: String]), _ key: String) -> Double {
            Double(element.attributes[key] ?? "") ?? .nan
        }
        // The y axis from its labelled ticks (text right-aligned left of the axis): value = slope · y + offset.
        var ticks: [(y: Double, value: Double)] = []
        var textIndex = 0
        for element in elements where element.name == "text" || element.name == "title" {
            defer { textIndex += 1 }
            guard element.attributes["text-anchor"] == "end",
                let value = Double(svg.texts[textIndex].replacingOccurrences(of: ",", with: ""))
            else { continue }
            ticks.append((number(element, "y") - 4, value))
        }
        let first = try #require(ticks.first)
        let last = try #require(ticks.last)
        #expect(ticks.count >= 3)
        let slope = (last.value - first.value) / (last.y - first.y)
        func value(_ y: Double) -> Double { first.value + (y - first.y) * slope }

        let dots = elements.filter { $0.name == "circle" }
        // b = x at a = 1, 2, 4, then b = y at a = 1 and 4 (a = 2, b = y failed).
        let expected: [(a: String, b: String)] = [("1", "x"), ("2", "x"), ("4", "x"), ("1", "y"), ("4", "y")]
        #expect(dots.count == expected.count)
        for (dot, point) in zip(dots, expected) {
            let median = try #require(SyntheticSweep.attemptsMedian(point.a, point.b))
            #expect(
                abs(value(number(dot, "cy")) - median) < 1,
                "a=\(point.a) b=\(point.b): drawn at \(value(number(dot, "cy"))), median \(median)"
            )
        }
        // x follows the numbers: a = 2 is a third of the way from a = 1 to a = 4.
        let xs = dots.prefix(3).map { number($0, "cx") }
        #expect(abs((xs[1] - xs[0]) / (xs[2] - xs[0]) - 1.0 / 3) < 0.01, "\(xs)")
        // Each dot has a bar from the smallest to the largest repetition (median ± 1).
        let lines = elements.filter { $0.name == "line" }
        for dot in dots {
            let bar = lines.first {
                number($0, "x1") == number(dot, "cx") && number($0, "x2") == number(dot, "cx")
                    && $0.attributes["stroke-width"] == "1.5"
            }
            let ends = try #require(
                bar.map { [value(number($0, "y1")), value(number($0, "y2"))].sorted() },
                "no bar at \(number(dot, "cx"))"
            )
            #expect(abs(ends[1] - ends[0] - 2) < 0.5, "\(ends)")
        }
        // The control: a dashed horizontal line across the plot at its median, 252.
        let reference = try #require(lines.first { $0.attributes["stroke-dasharray"] == LineChart.referenceDash })
        #expect(number(reference, "y1") == number(reference, "y2"))
        #expect(abs(value(number(reference, "y1")) - 252) < 1)
        // One line per value of b, the failed point breaking b = y's line; a legend entry each and the control's.
        let paths = elements.filter { $0.name == "path" }.compactMap { $0.attributes["d"] }
        #expect(paths.count == 2)
        #expect(paths[0].filter { $0 == "M" }.count == 1 && paths[1].filter { $0 == "M" }.count == 2, "\(paths)")
        for label in ["b=x", "b=y", "control arp-only", "a"] {
            #expect(svg.texts.contains(label), "no '\(label)' in the chart")
        }
        #expect(svg.texts.contains { $0.contains("min–max over the repetitions") })
        #expect(file.contents.contains("b=x: 1=102, 2=202, 4=402; b=y: 1=152, 2=none, 4=452; control arp-only: 252"))
    }

    @Test("numeric knob values are placed by value (logarithmically past 10×), others evenly in the order given")
    func xPositions() {
        func positions(_ values: [String]) -> [Double] {
            LineChart(title: "", xLabel: "", yLabel: "", xValues: values, series: [], reference: nil, caption: "")
                .xPositions(from: 0, to: 300).map { ($0 * 100).rounded() / 100 }
        }
        #expect(positions(["1", "2", "4"]) == [0, 100, 300])
        #expect(positions(["1", "10", "100"]) == [0, 150, 300])
        #expect(positions(["adaptive", "fixed", "off"]) == [0, 150, 300])
        #expect(positions(["true"]) == [150])
    }

    @Test("results without a sweep get no sweep section and no sweep charts")
    func noSweep() {
        let report = Report(document: SyntheticResults.document())
        #expect(!report.allMarkdown().contains("## Sweep"))
        #expect(!report.render().contains { $0.name.contains("-sweep-") })
    }
}
