/// Links and names a report needs that are not in the results file.
public struct ReportOptions: Sendable, Equatable {
    /// Link from report.md to the metric definitions (docs/METRICS.md), relative to the report.
    public var metricsDocLink: String
    /// Link from report.md to the results file it was made from, relative to the report.
    public var resultsLink: String

    /// - Parameters:
    ///   - metricsDocLink: default `../../docs/METRICS.md`, right for `reports/<name>/report.md`.
    ///   - resultsLink: default `results.json`, a results file beside the report.
    public init(metricsDocLink: String = "../../docs/METRICS.md", resultsLink: String = "results.json") {
        self.metricsDocLink = metricsDocLink
        self.resultsLink = resultsLink
    }
}
