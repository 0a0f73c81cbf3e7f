import Results

/// Strategies with one number per metric each, where they are compared: a fixture's medians over
/// repetitions (`RunGroup`) or a suite's medians across fixtures (`SuiteMedians`). The Pareto section, its
/// chart and the verdict read either.
protocol StrategyMedians {
    /// A heading-friendly name: "home · scan".
    var title: String { get }
    /// A file-name-friendly name: "home-scan".
    var slug: String { get }
    /// Strategies in report order.
    var strategies: [String] { get }
    /// The strategy's number for `metric`, nil when it has none (not measured, or no successful run).
    func median(_ metric: Metric, _ strategy: String) -> Double?
    /// Why the strategy counts as failed here ("1 of 3 runs timed out"), nil when it does not.
    func failure(_ strategy: String) -> String?
    /// Where `metric` was never reached (+∞, `Metric.timeTo100` of a run that missed a device):
    /// "2 of 3 runs", "median on `home`, `office`"; nil when it was reached everywhere.
    func unreached(_ metric: Metric, _ strategy: String) -> String?
    /// The range the strategy's repetitions covered on `metric`, nil with fewer than two (or no spread
    /// known, as over a suite): where two strategies' ranges overlap, the front calls them tied.
    func spread(_ metric: Metric, _ strategy: String) -> ClosedRange<Double>?
}

extension StrategyMedians {
    func spread(_ metric: Metric, _ strategy: String) -> ClosedRange<Double>? { nil }
}
