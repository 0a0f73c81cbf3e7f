import Foundation
import Statistics

/// A metric against a knob's values: one line through the medians per series, an error bar per
/// point over the repetitions (min to max), and a reference (the sweep's control) as a horizontal
/// line across the plot.
///
/// The x values are the knob's values as written on the command line. When all of them are numbers
/// the axis is numeric (logarithmic when all are positive and span more than 10×, as timeouts and
/// counts often do), so uneven steps look uneven; otherwise (`true`/`false`, policy names) the values
/// are spaced evenly in the order given. Either way each value is labelled on the axis, since a
/// knob's values are the interesting ticks, not round numbers between them.
struct LineChart {
    struct Series {
        var name: String
        /// One entry per x value (`LineChart.xValues`' order); nil where that variant has no successful run.
        var points: [SampleSummary?]
        var colour: String
        var dash: String
    }

    var title: String
    var xLabel: String
    var yLabel: String
    /// The knob's values, as given: the x axis's labels.
    var xValues: [String]
    var series: [Series]
    /// The control's name and median: the horizontal reference line; nil when it has no successful run.
    var reference: (name: String, median: Double)?
    /// A line under the plot saying what the bars are.
    var caption: String
    var width = 760
    var height = 420

    private let left = 70.0
    private let top = 48.0
    private let legendWidth = 230.0
    private let bottomMargin = 80.0
    /// Room between the axis's ends and the first and last value, so end points are not on the frame.
    private let inset = 24.0
    static let referenceColour = "#777777"
    static let referenceDash = "4 4"

    func render(description: String) -> String {
        var canvas = SVGCanvas(width: width, height: height)
        let right = Double(width) - legendWidth
        let bottom = Double(height) - bottomMargin
        let summaries = series.flatMap(\.points).compactMap { $0 }
        let yScale = Self.yScale(summaries.flatMap { [$0.min, $0.max] } + (reference.map { [$0.median] } ?? []))
        canvas.text(title, x: left, y: 26, size: 16, bold: true)
        ChartFrame.drawAxes(
            &canvas,
            xScale: nil,
            yScale: yScale,
            left: left,
            right: right,
            top: top,
            bottom: bottom,
            xLabel: xLabel,
            yLabel: yLabel
        )
        let xs = xPositions(from: left + inset, to: right - inset)
        for (value, x) in zip(xValues, xs) {
            canvas.line(x, bottom, x, bottom + 5, stroke: ChartFrame.axisColour)
            canvas.text(value, x: x, y: bottom + 18, size: 11, anchor: .middle)
        }
        func y(_ value: Double) -> Double { yScale.position(value, from: bottom, to: top) }
        if let reference {
            canvas.line(
                left,
                y(reference.median),
                right,
                y(reference.median),
                stroke: Self.referenceColour,
                width: 1.5,
                dash: Self.referenceDash
            )
        }
        if summaries.isEmpty {
            canvas.text(
                "no successful run to draw",
                x: (left + right) / 2,
                y: (top + bottom) / 2,
                size: 14,
                anchor: .middle
            )
        }
        func n(_ value: Double) -> String { NumberFormat.coordinate(value) }
        for item in series {
            // Joined in x order; a value without a run breaks the line rather than bridging it.
            let drawn = zip(xs, item.points).sorted { $0.0 < $1.0 }
            var data = ""
            var pen = false
            for (x, summary) in drawn {
                guard let summary else { pen = false; continue }
                data += (data.isEmpty ? "" : " ") + (pen ? "L" : "M") + "\(n(x)) \(n(y(summary.median)))"
                pen = true
            }
            if !data.isEmpty { canvas.path(data, stroke: item.colour, width: 2, dash: item.dash) }
            for (x, summary) in drawn {
                guard let summary else { continue }
                if summary.hasSpread {
                    canvas.line(x, y(summary.min), x, y(summary.max), stroke: item.colour, width: 1.5)
                    canvas.line(x - 4, y(summary.min), x + 4, y(summary.min), stroke: item.colour, width: 1.5)
                    canvas.line(x - 4, y(summary.max), x + 4, y(summary.max), stroke: item.colour, width: 1.5)
                }
                canvas.circle(cx: x, cy: y(summary.median), r: 4, fill: item.colour, stroke: "#ffffff")
            }
        }
        var legend = series.map { ($0.name, $0.colour, $0.dash, $0.points.allSatisfy { $0 == nil }) }
        legend.append(
            (
                reference.map { "control \($0.name)" } ?? "control (no successful run)", Self.referenceColour,
                Self.referenceDash, false
            )
        )
        ChartFrame.drawLegend(&canvas, entries: legend, x: right + 18, y: top)
        canvas.text(caption, x: left, y: Double(height) - 14, size: 11, fill: "#555555")
        return canvas.render(title: title, description: description)
    }

    /// The x pixel of each value: by number when all are numbers, else evenly in the given order.
    func xPositions(from start: Double, to end: Double) -> [Double] {
        let numbers = xValues.compactMap { Double($0) }.filter(\.isFinite)
        guard numbers.count == xValues.count, let low = numbers.min(), let high = numbers.max(), high > low else {
            let step = xValues.count > 1 ? (end - start) / Double(xValues.count - 1) : 0
            return xValues.indices.map { xValues.count > 1 ? start + Double($0) * step : (start + end) / 2 }
        }
        let logarithmic = low > 0 && high > 10 * low
        return numbers.map { value in
            logarithmic
                ? start + (log10(value) - log10(low)) / (log10(high) - log10(low)) * (end - start)
                : start + (value - low) / (high - low) * (end - start)
        }
    }

    /// A y axis around the values with 5 % room, from 0 when the values are near it.
    static func yScale(_ values: [Double]) -> AxisScale {
        guard let low = values.min(), let high = values.max() else { return AxisScale(minimum: 0, maximum: 1) }
        let pad = Swift.max((high - low) * 0.05, abs(high) * 0.01, 1e-9)
        let floor = low >= 0 && low - pad < (high - low) ? 0 : low - pad
        return AxisScale(minimum: floor, maximum: high + pad)
    }
}
