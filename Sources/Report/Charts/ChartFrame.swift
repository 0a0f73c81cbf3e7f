/// Axes, grid lines, tick labels and legends shared by the charts.
enum ChartFrame {
    static let axisColour = "#444444"
    static let gridColour = "#e3e3e3"

    static func drawAxes(
        _ canvas: inout SVGCanvas,
        xScale: AxisScale?,
        yScale: AxisScale,
        left: Double,
        right: Double,
        top: Double,
        bottom: Double,
        xLabel: String,
        yLabel: String
    ) {
        for tick in yScale.ticks {
            let y = yScale.position(tick, from: bottom, to: top)
            canvas.line(left, y, right, y, stroke: gridColour)
            canvas.text(yScale.label(tick), x: left - 8, y: y + 4, size: 11, anchor: .end)
        }
        if let xScale {
            for tick in xScale.ticks {
                let x = xScale.position(tick, from: left, to: right)
                canvas.line(x, bottom, x, bottom + 5, stroke: axisColour)
                canvas.text(xScale.label(tick), x: x, y: bottom + 18, size: 11, anchor: .middle)
            }
        }
        canvas.line(left, bottom, right, bottom, stroke: axisColour)
        canvas.line(left, top, left, bottom, stroke: axisColour)
        canvas.text(xLabel, x: (left + right) / 2, y: bottom + 40, size: 12, anchor: .middle)
        canvas.text(yLabel, x: 18, y: (top + bottom) / 2, size: 12, anchor: .middle, rotate: true)
    }

    /// A legend: a line sample in the series' colour and dash, then its name.
    static func drawLegend(
        _ canvas: inout SVGCanvas,
        entries: [(name: String, colour: String, dash: String, empty: Bool)],
        x: Double,
        y: Double
    ) {
        for (index, entry) in entries.enumerated() {
            let rowY = y + Double(index) * 22
            canvas.line(x, rowY, x + 28, rowY, stroke: entry.colour, width: 3, dash: entry.dash)
            canvas.text(entry.empty ? "\(entry.name) (no data)" : entry.name, x: x + 36, y: rowY + 4, size: 12)
        }
    }
}
