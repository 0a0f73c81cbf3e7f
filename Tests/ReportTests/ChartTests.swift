import Foundation
import Testing
@testable import Report
import SyntheticRuns

@Suite("SVG charts")
struct ChartTests {
    static let files = Report(document: SyntheticResults.document()).render().filter { $0.name.hasSuffix(".svg") }

    private func parse(_ svg: String) throws -> SVGCollector { SVGCollector.parse(svg) }

    @Test("every chart is well-formed XML with a fixed size, a title and a description")
    func wellFormed() throws {
        #expect(Self.files.count == 4)
        for file in Self.files {
            let svg = try parse(file.contents)
            #expect(svg.elements.first == "svg")
            let root = svg.attributes[0]
            #expect(root["width"] == "760" && root["height"] == "420" && root["viewBox"] == "0 0 760 420")
            #expect(svg.elements.contains("title") && svg.elements.contains("desc"))
            #expect(!file.contents.contains("style=") && !file.contents.contains("class="))
        }
    }

    @Test("the time-series charts draw one line per strategy and a legend naming each")
    func lineCharts() throws {
        for name in ["home-scan-tcp-in-flight.svg", "home-scan-devices-found.svg"] {
            let file = try #require(Self.files.first { $0.name == name })
            let svg = try parse(file.contents)
            #expect(svg.elements.filter { $0 == "path" }.count == 7)
            for strategy in StrategyProfile.all.map(\.name) {
                #expect(svg.texts.contains(strategy), "\(name) legend lacks \(strategy)")
            }
            #expect(svg.texts.contains("time since scan start [s]"))
            // Colours of the Okabe–Ito palette, one per strategy.
            let strokes = Set(svg.attributes.filter { $0["d"] != nil }.compactMap { $0["stroke"] })
            #expect(strokes.count == 7)
            #expect(strokes.isSubset(of: Set(Palette.colours)))
        }
    }

    @Test("the in-flight chart's y axis reaches the largest peak")
    func inFlightScale() throws {
        let file = try #require(Self.files.first { $0.name == "home-scan-tcp-in-flight.svg" })
        let svg = try parse(file.contents)
        #expect(svg.texts.contains("80"))
        #expect(svg.texts.contains("TCP attempts in flight — home · scan"))
    }

    @Test("the latency chart has a box per strategy with its sample size")
    func boxPlot() throws {
        let file = try #require(Self.files.first { $0.name == "home-scan-latency-error.svg" })
        let svg = try parse(file.contents)
        #expect(svg.texts.contains("n = 84"))  // scanbench-best: 28 devices × 3 runs
        #expect(svg.texts.contains("n = 60"))  // review-baseline: 20 × 3
        #expect(svg.elements.filter { $0 == "rect" }.count == 8)  // background + 7 boxes
    }

    @Test("names with XML characters are escaped")
    func escaping() throws {
        let chart = StepChart(
            title: "a <b> & \"c\"",
            xLabel: "x",
            yLabel: "y",
            series: [.init(name: "s<1>", points: [(0, 1), (1, 2)], colour: "#000000", dash: "")]
        )
        let svg = try parse(chart.render(description: "d & e"))
        #expect(svg.texts.contains("s<1>"))
    }

    @Test("long series are reduced per pixel column but keep their peak")
    func reduction() throws {
        var points: [(Double, Double)] = []
        for index in 0..<20_000 {
            let value: Double = index == 12_345 ? 99 : Double(index % 7)
            points.append((Double(index) / 1000, value))
        }
        let chart = StepChart(
            title: "t",
            xLabel: "x",
            yLabel: "y",
            series: [.init(name: "s", points: points, colour: "#000000", dash: "")]
        )
        let svg = chart.render(description: "d")
        #expect(svg.utf8.count < 120_000)
        let parsed = try parse(svg)
        #expect(parsed.texts.contains("100"))  // axis reaches the peak
        let scale = AxisScale(minimum: 0, maximum: 99)
        let peakY = NumberFormat.coordinate(scale.position(99, from: 420 - 58, to: 48))
        #expect(svg.contains("V\(peakY)"))
    }

    @Test(
        "a logarithmic axis runs from decade to decade, and is chosen only for positive values spanning more than 10 ×"
    )
    func logarithmicAxis() {
        let scale = AxisScale(logarithmicFrom: 100, to: 3_149)
        #expect(scale.logarithmic && scale.lower == 100 && scale.upper == 10_000)
        #expect(scale.ticks == [100, 200, 500, 1_000, 2_000, 5_000, 10_000])
        #expect(abs(scale.position(1_000, from: 0, to: 400) - 200) < 1e-9)
        #expect(scale.label(2_000) == "2,000")
        let wide = AxisScale(logarithmicFrom: 3, to: 200_000)
        #expect(wide.ticks == [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000])
        #expect(!AxisScale.fitting([330, 3_149]).logarithmic)  // 9.5 ×
        #expect(AxisScale.fitting([100, 3_149]).logarithmic)
        #expect(!AxisScale.fitting([0, 3_149]).logarithmic)  // log of 0: linear from 0
        #expect(!AxisScale.fitting([]).logarithmic)
    }

    @Test("axis ticks are round numbers covering the range")
    func axisTicks() {
        let scale = AxisScale(minimum: 0, maximum: 83)
        #expect(scale.ticks == [0, 20, 40, 60, 80, 100])
        let small = AxisScale(minimum: 0, maximum: 0.7)
        #expect(abs((small.ticks.last ?? 0) - 0.8) < 1e-12 && small.label(0.2) == "0.2")
    }
}
