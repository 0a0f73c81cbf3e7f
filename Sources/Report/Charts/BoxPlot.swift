import Statistics

/// A box plot with the individual values drawn over it (a strip plot), one column per strategy.
///
/// Box: first to third quartile, with the median as a thick line; whiskers to the minimum and
/// maximum. Points are spread sideways by a fixed pattern (not random), so output is repeatable.
struct BoxPlot {
    struct Column {
        var name: String
        var values: [Double]
        var colour: String
    }

    var title: String
    var yLabel: String
    var columns: [Column]
    var width = 760
    var height = 420

    private let left = 70.0
    private let top = 48.0
    private let right = 740.0
    private let bottomMargin = 96.0

    func render(description: String) -> String {
        var canvas = SVGCanvas(width: width, height: height)
        let bottom = Double(height) - bottomMargin
        let all = columns.flatMap(\.values)
        let yScale = AxisScale(minimum: 0, maximum: all.max() ?? 1)
        canvas.text(title, x: left, y: 26, size: 16, bold: true)
        ChartFrame.drawAxes(
            &canvas,
            xScale: nil,
            yScale: yScale,
            left: left,
            right: right,
            top: top,
            bottom: bottom,
            xLabel: "",
            yLabel: yLabel
        )
        let slot = (right - left) / Double(Swift.max(columns.count, 1))
        for (index, column) in columns.enumerated() {
            let centre = left + slot * (Double(index) + 0.5)
            canvas.text(column.name, x: centre, y: bottom + 18, size: 11, anchor: .middle)
            canvas.text(
                "n = \(column.values.count)",
                x: centre,
                y: bottom + 33,
                size: 10,
                anchor: .middle,
                fill: "#555555"
            )
            guard let summary = SampleSummary(column.values) else {
                canvas.text("no data", x: centre, y: (top + bottom) / 2, size: 11, anchor: .middle, fill: "#555555")
                continue
            }
            let half = Swift.min(slot * 0.3, 36)
            func y(_ value: Double) -> Double { yScale.position(value, from: bottom, to: top) }
            canvas.line(centre, y(summary.min), centre, y(summary.q1), stroke: ChartFrame.axisColour)
            canvas.line(centre, y(summary.q3), centre, y(summary.max), stroke: ChartFrame.axisColour)
            canvas.line(
                centre - half / 2,
                y(summary.min),
                centre + half / 2,
                y(summary.min),
                stroke: ChartFrame.axisColour
            )
            canvas.line(
                centre - half / 2,
                y(summary.max),
                centre + half / 2,
                y(summary.max),
                stroke: ChartFrame.axisColour
            )
            canvas.rect(
                x: centre - half,
                y: y(summary.q3),
                width: half * 2,
                height: Swift.max(y(summary.q1) - y(summary.q3), 1),
                fill: column.colour,
                stroke: ChartFrame.axisColour,
                opacity: 0.25
            )
            canvas.line(centre - half, y(summary.median), centre + half, y(summary.median), stroke: "#000000", width: 3)
            for (pointIndex, value) in column.values.enumerated() {
                let offset = Double((pointIndex * 7) % 11 - 5) / 5 * half * 0.8
                canvas.circle(cx: centre + offset, cy: y(value), r: 2.5, fill: column.colour, stroke: "#ffffff")
            }
        }
        canvas.text(
            "box: quartiles, bar: median, whiskers: min–max, dots: every device in every repetition",
            x: left,
            y: Double(height) - 14,
            size: 11,
            fill: "#555555"
        )
        return canvas.render(title: title, description: description)
    }
}
