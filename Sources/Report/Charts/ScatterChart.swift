/// A scatter plot of strategies on two objectives — an x that is better lower, a y that is better
/// higher — with their Pareto front drawn as a step line, and a numbered legend.
///
/// Points carry their legend number, so a strategy is found without relying on colour; points
/// closer than a label's size share one label ("1,2"). The x axis is logarithmic when every value is positive
/// and the largest is more than 10 × the smallest (`AxisScale.fitting`), and says so in its label.
struct ScatterChart {
    struct Point {
        var name: String
        /// Nil when the strategy has nothing to draw (it failed); it is still listed in the legend.
        var position: (x: Double, y: Double)?
        var colour: String
        /// A filled disc when true, a ring otherwise.
        var filled: Bool
        /// Legend text after the name: "front", "dominated", "failed: not drawn".
        var note: String
    }

    var title: String
    var xLabel: String
    var yLabel: String
    /// The range the y axis may cover (recall: 0…1); the axis fits the points within it.
    var yLimits: ClosedRange<Double>
    var points: [Point]
    /// Names of the points the step line joins: the front on the chart's two objectives.
    var front: [String]
    /// The step line's legend entry.
    var frontLabel: String
    /// A line under the plot saying what filled and hollow points mean.
    var footnote: String
    var width = 760
    var height = 420

    private let left = 70.0
    private let top = 48.0
    private let legendWidth = 240.0
    private let bottomMargin = 80.0
    private static let frontDash = "6 3"

    func render(description: String) -> String {
        var canvas = SVGCanvas(width: width, height: height)
        let right = Double(width) - legendWidth
        let bottom = Double(height) - bottomMargin
        let drawn = points.compactMap(\.position)
        let xScale = AxisScale.fitting(drawn.map(\.x))
        let pad = (yLimits.upperBound - yLimits.lowerBound) * 0.05
        let yScale = AxisScale(
            minimum: Swift.max(yLimits.lowerBound, (drawn.map(\.y).min() ?? yLimits.lowerBound) - pad),
            maximum: Swift.min(yLimits.upperBound, (drawn.map(\.y).max() ?? yLimits.upperBound) + pad)
        )
        canvas.text(title, x: left, y: 26, size: 16, bold: true)
        ChartFrame.drawAxes(
            &canvas,
            xScale: xScale,
            yScale: yScale,
            left: left,
            right: right,
            top: top,
            bottom: bottom,
            xLabel: xScale.logarithmic ? "\(xLabel) (log scale)" : xLabel,
            yLabel: yLabel
        )
        if drawn.isEmpty {
            canvas.text("no strategy to draw", x: (left + right) / 2, y: (top + bottom) / 2, size: 14, anchor: .middle)
        }
        func pixel(_ point: (x: Double, y: Double)) -> (x: Double, y: Double) {
            (xScale.position(point.x, from: left, to: right), yScale.position(point.y, from: bottom, to: top))
        }
        func n(_ value: Double) -> String { NumberFormat.coordinate(value) }
        // The boundary of what the front dominates: up from the axis to the first point, then at
        // each point's y until the next point's x, up to it, and on to the right edge.
        let steps = points.filter { front.contains($0.name) }.compactMap(\.position).sorted {
            ($0.x, $0.y) < ($1.x, $1.y)
        }.map(pixel)
        if let first = steps.first {
            let start = "M\(n(first.x)) \(n(bottom)) V\(n(first.y))"
            let data = steps.dropFirst().reduce(start) { $0 + " H\(n($1.x)) V\(n($1.y))" } + " H\(n(right))"
            canvas.path(data, stroke: ChartFrame.axisColour, width: 1.5, dash: Self.frontDash)
        }
        var labels: [(x: Double, y: Double, numbers: [String])] = []
        for (index, point) in points.enumerated() {
            guard let position = point.position else { continue }
            let spot = pixel(position)
            drawMarker(&canvas, point, x: spot.x, y: spot.y, radius: 6)
            if let near = labels.firstIndex(where: { abs($0.x - spot.x) < 12 && abs($0.y - spot.y) < 10 }) {
                labels[near].numbers.append("\(index + 1)")
            } else {
                labels.append((spot.x, spot.y, ["\(index + 1)"]))
            }
        }
        for label in labels {
            canvas.text(label.numbers.joined(separator: ","), x: label.x + 8, y: label.y - 8, size: 11, bold: true)
        }
        let legendX = right + 20
        for (index, point) in points.enumerated() {
            let rowY = top + Double(index) * 22
            drawMarker(&canvas, point, x: legendX + 6, y: rowY, radius: 5)
            canvas.text("\(index + 1) \(point.name) · \(point.note)", x: legendX + 18, y: rowY + 4, size: 12)
        }
        let lineY = top + Double(points.count) * 22
        canvas.line(
            legendX,
            lineY,
            legendX + 12,
            lineY,
            stroke: ChartFrame.axisColour,
            width: 1.5,
            dash: Self.frontDash
        )
        canvas.text(frontLabel, x: legendX + 18, y: lineY + 4, size: 12)
        canvas.text(footnote, x: left, y: Double(height) - 14, size: 11, fill: "#555555")
        return canvas.render(title: title, description: description)
    }

    private func drawMarker(_ canvas: inout SVGCanvas, _ point: Point, x: Double, y: Double, radius: Double) {
        canvas.circle(
            cx: x,
            cy: y,
            r: radius,
            fill: point.filled ? point.colour : "#ffffff",
            stroke: point.filled ? "#ffffff" : point.colour,
            strokeWidth: point.filled ? 1 : 2.5
        )
    }
}
