/// A step-line chart of several time series (one line per strategy) with axes, grid and legend.
///
/// Values hold between samples, as counters and "in flight" levels do. Series with more points
/// than the plot has pixels are reduced per pixel column to their first, extreme and last values,
/// so peaks stay visible and the file stays small.
struct StepChart {
    struct Series {
        var name: String
        /// (x, y) points, x ascending.
        var points: [(Double, Double)]
        var colour: String
        var dash: String
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var series: [Series]
    var width = 760
    var height = 420

    private let left = 70.0
    private let top = 48.0
    private let legendWidth = 190.0
    private let bottomMargin = 58.0

    init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
    }

    func render(description: String) -> String {
        var canvas = SVGCanvas(width: width, height: height)
        let right = Double(width) - legendWidth
        let bottom = Double(height) - bottomMargin
        let allPoints = series.flatMap(\.points)
        let xScale = AxisScale(minimum: 0, maximum: allPoints.map(\.0).max() ?? 1)
        let yScale = AxisScale(minimum: 0, maximum: allPoints.map(\.1).max() ?? 1)
        canvas.text(title, x: left, y: 26, size: 16, bold: true)
        ChartFrame.drawAxes(
            &canvas,
            xScale: xScale,
            yScale: yScale,
            left: left,
            right: right,
            top: top,
            bottom: bottom,
            xLabel: xLabel,
            yLabel: yLabel
        )
        if allPoints.isEmpty {
            canvas.text(
                "no samples in these results",
                x: (left + right) / 2,
                y: (top + bottom) / 2,
                size: 14,
                anchor: .middle
            )
        }
        for item in series where !item.points.isEmpty {
            let data = stepPath(
                item.points,
                xScale: xScale,
                yScale: yScale,
                left: left,
                right: right,
                top: top,
                bottom: bottom
            )
            canvas.path(data, stroke: item.colour, width: 2, dash: item.dash)
        }
        ChartFrame.drawLegend(
            &canvas,
            entries: series.map { ($0.name, $0.colour, $0.dash, $0.points.isEmpty) },
            x: right + 18,
            y: top
        )
        return canvas.render(title: title, description: description)
    }

    private func stepPath(
        _ points: [(Double, Double)],
        xScale: AxisScale,
        yScale: AxisScale,
        left: Double,
        right: Double,
        top: Double,
        bottom: Double
    ) -> String {
        let pixels = points.map {
            (xScale.position($0.0, from: left, to: right), yScale.position($0.1, from: bottom, to: top))
        }
        // Per pixel column: the first, extreme and last y, in drawing order.
        var columns: [(x: Double, ys: [Double])] = []
        for (x, y) in pixels {
            let column = (x * 2).rounded() / 2
            if let last = columns.last, last.x == column {
                columns[columns.count - 1].ys.append(y)
            } else {
                columns.append((column, [y]))
            }
        }
        func n(_ value: Double) -> String { NumberFormat.coordinate(value) }
        var data = ""
        var currentY: Double?
        for (x, ys) in columns {
            let reduced = ys.count <= 3 ? ys : [ys[0], ys.min() ?? ys[0], ys.max() ?? ys[0], ys[ys.count - 1]]
            if currentY == nil {
                data += "M\(n(x)) \(n(reduced[0]))"
                currentY = reduced[0]
            } else {
                data += " H\(n(x))"
            }
            for value in reduced where value != currentY {
                data += " V\(n(value))"
                currentY = value
            }
        }
        return data
    }
}
