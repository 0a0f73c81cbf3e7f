import Results
import Statistics

/// `scanbench predict`'s report: what each strategy would do on a user's LAN, read off its runs on a
/// twin derived from one capture, with what the twin cannot know beside it (docs/REAL-DEVICES.md,
/// "Prediction"). The table leads; the survey's verdict and the blind spots follow, since a twin of
/// a capture that is not a survey holds only what that capture's scan touched.
public struct PredictionReport: Sendable {
    /// The capture the twin was derived from, as the user named it.
    public var capture: String
    /// True when the capture passed the survey check (`SurveyCheck`).
    public var isSurvey: Bool
    /// The survey check's lines: what the capture did, the recipe's rules it broke, what it could
    /// not see.
    public var surveyLines: [String]
    /// The twin's own notes of what it left out (its header).
    public var leftOut: [String]
    /// The runs on the twin.
    public var document: ResultsDocument

    /// The metrics of the what-if table, in its column order: yield first, then what it costs.
    static let columns: [Metric] = [.found, .connectionsCreated, .tcpAttempts, .packets, .duration]

    public init(capture: String, isSurvey: Bool, surveyLines: [String], leftOut: [String], document: ResultsDocument) {
        self.capture = capture
        self.isSurvey = isSurvey
        self.surveyLines = surveyLines
        self.leftOut = leftOut
        self.document = document
    }

    /// One strategy's medians over its runs that ended ok, per column; nil where none measured it.
    struct Row {
        var strategy: String
        var runs: Int
        var medians: [Double?]
        var devices: Double?
    }

    /// The rows, most devices found first (then fewest connections), strategies without an ok run last.
    var rows: [Row] {
        var order: [String] = []
        for run in document.runs where !order.contains(run.strategy) { order.append(run.strategy) }
        let rows = order.map { strategy -> Row in
            let ok = document.runs.filter { $0.strategy == strategy && $0.status == .ok }
            let medians = Self.columns.map { metric in
                SampleSummary(ok.compactMap { metric.value(in: $0.metrics) })?.median
            }
            let devices = SampleSummary(ok.compactMap { Metric.found.total(in: $0.metrics) })?.median
            return Row(strategy: strategy, runs: ok.count, medians: medians, devices: devices)
        }
        return rows.sorted { a, b in
            let (fa, fb) = (a.medians[0] ?? -1, b.medians[0] ?? -1)
            if fa != fb { return fa > fb }
            return (a.medians[1] ?? .infinity) < (b.medians[1] ?? .infinity)
        }
    }

    /// The report as Markdown.
    public func markdown() -> String {
        var text = "# What each strategy would do on this LAN\n\n"
        text +=
            "Predicted from \(Inline.code(capture)): each strategy scanned a twin of the LAN derived from that capture. "
        text +=
            isSurvey
            ? "The capture is a survey, so the twin holds what a thorough scan could see; its blind spots are listed below.\n\n"
            : "**The capture is not a survey**: the twin holds only what that capture's scan touched, so a strategy that asks more (other ports, other services, longer) finds nothing more in it. Take the table as a lower bound and see what the capture could not see, below.\n\n"
        var table = MarkdownTable(
            [("Strategy", .left), ("Would find", .left)]
                + Self.columns.dropFirst().map { ($0.headerWithDirection, .right) }
                + [("Runs", .right)]
        )
        for row in rows {
            let found = row.medians[0].map { found in
                "\(Metric.found.format(found)) of \(row.devices.map(Metric.found.format) ?? "?")"
            }
            table.add(
                [Inline.code(row.strategy), found ?? "no run ended"]
                    + zip(Self.columns, row.medians).dropFirst().map { metric, median in
                        median.map(metric.format) ?? "—"
                    }
                    + ["\(row.runs)"]
            )
        }
        text += table.render() + "\n"
        text +=
            "Medians over each strategy's runs that ended; \"of N\": the devices the twin holds that a scan can find. "
        text += "Connections, TCP attempts and packets are the scan's; docs/METRICS.md defines each.\n\n"
        text += "## The capture, as a survey\n\n"
        text += surveyLines.map { "- \($0)" }.joined(separator: "\n") + "\n\n"
        if !leftOut.isEmpty {
            text += "## What the twin left out\n\n"
            text += leftOut.map { "- \($0)" }.joined(separator: "\n") + "\n\n"
        }
        text += "The runs: [runs/report.md](runs/report.md); the twin: [twin.yaml](twin.yaml).\n"
        return text
    }
}
