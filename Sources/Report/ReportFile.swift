/// One file of a rendered report: report.md or a chart.
public struct ReportFile: Sendable, Equatable {
    /// File name, relative to the report directory (no folders).
    public let name: String
    public let contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
