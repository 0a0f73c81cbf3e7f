import Results

extension Report {
    /// Chart files for a group: in-flight and devices-found curves of each strategy's median run,
    /// and the latency error distribution when any latency was measured.
    func chartFiles(_ group: RunGroup) -> [ReportFile] {
        var files = [
            ReportFile(name: chartName(group, .inFlight), contents: timeSeriesChart(group, .inFlight)),
            ReportFile(name: chartName(group, .devicesFound), contents: timeSeriesChart(group, .devicesFound)),
        ]
        if !latencyErrors(group).allSatisfy({ $0.values.isEmpty }) {
            files.append(ReportFile(name: chartName(group, .latencyError), contents: latencyChart(group)))
        }
        return files
    }

    enum Chart: String {
        case inFlight = "tcp-in-flight"
        case devicesFound = "devices-found"
        case latencyError = "latency-error"
    }

    func chartName(_ group: RunGroup, _ chart: Chart) -> String { "\(group.slug)-\(chart.rawValue).svg" }

    /// The Markdown that shows the charts, with text alternatives.
    func chartLinks(_ group: RunGroup) -> String {
        var text = "### Charts\n\n"
        text += "Time series are from each strategy's median run by scan duration.\n\n"
        text +=
            "![TCP attempts in flight over time on \(group.title), one line per strategy](\(chartName(group, .inFlight)))\n\n"
        text +=
            "![Devices found over time on \(group.title), one line per strategy](\(chartName(group, .devicesFound)))\n"
        if chartFiles(group).count > 2 {
            text +=
                "\n![Stack latency error against the fixture's RTT per device on \(group.title), one box per strategy](\(chartName(group, .latencyError)))\n"
        }
        return text
    }

    private func timeSeriesChart(_ group: RunGroup, _ chart: Chart) -> String {
        let series: [StepChart.Series] = group.strategies.map { strategy in
            let style = Palette.style(for: strategy, among: group.strategies)
            let samples =
                group.representative(strategy).map {
                    chart == .inFlight ? $0.series.tcpInFlight : $0.series.devicesFound
                } ?? []
            // Seconds since scan start; anything stamped before the start is drawn at 0, and
            // each line starts from 0 at t = 0.
            var points = samples.filter { $0.count >= 2 }.map { (Swift.max(0, $0[0] / 1000), $0[1]) }
            if let first = points.first, first.0 > 0 { points.insert((0, 0), at: 0) }
            return StepChart.Series(name: strategy, points: points, colour: style.colour, dash: style.dash)
        }
        let title = chart == .inFlight ? "TCP attempts in flight — \(group.title)" : "Devices found — \(group.title)"
        let yLabel = chart == .inFlight ? "TCP attempts in flight (wire)" : "devices found (cumulative)"
        let description =
            chart == .inFlight
            ? "TCP connection attempts in flight on the wire over the scan, one step line per strategy, from its median-duration run."
            : "Devices the stack had found over the scan, one step line per strategy, from its median-duration run."
        return StepChart(title: title, xLabel: "time since scan start [s]", yLabel: yLabel, series: series)
            .render(description: description)
    }

    private func latencyChart(_ group: RunGroup) -> String {
        let columns = latencyErrors(group).map { entry in
            BoxPlot.Column(
                name: entry.strategy,
                values: entry.values,
                colour: Palette.style(for: entry.strategy, among: group.strategies).colour
            )
        }
        return BoxPlot(
            title: "Latency error vs the fixture's RTT — \(group.title)",
            yLabel: "|stack latency − configured RTT| [ms]",
            columns: columns
        )
        .render(
            description:
                "Per device and repetition, the absolute difference between the latency the stack reported and the RTT the fixture configures; one box per strategy."
        )
    }

    /// |stack latency − truth RTT| per found device per successful run, by strategy.
    func latencyErrors(_ group: RunGroup) -> [(strategy: String, values: [Double])] {
        group.strategies.map { strategy in
            let values = group.ok(strategy).flatMap { run in
                run.devices.compactMap { device -> Double? in
                    guard device.found, let latency = device.latencyMs, let truth = device.truthRttMs else {
                        return nil
                    }
                    return abs(latency - truth)
                }
            }
            return (strategy, values)
        }
    }
}
