import Foundation

/// One number per run that reports tabulate and `scanbench compare` gates, declared once: where it
/// lives in results.json, what it is called, which way is better, whether it is a deterministic
/// counter or a noisy timing, where it comes from and, for the few `compare` tests, its allowance.
///
/// Everything else follows from the declaration (Metric+Catalogue.swift): results.json's key is
/// the `RunMetrics` coding key the id is built from, the report's tables take titles, units and
/// digits from here (Report adds only how to print them), the thresholds `compare` starts from
/// are the `threshold`s, and docs/METRICS.md's tables describe the same entries. It lives in
/// `Results`, the lowest module both the harness (which fills `RunMetrics`) and the report (a pure
/// function of results.json) see.
public struct Metric: Sendable, Identifiable {
    /// Which way is better.
    public enum Direction: String, Sendable {
        case lowerIsBetter = "lower", higherIsBetter = "higher"

        /// Whether `a` is better than `b` this way.
        public func prefers(_ a: Double, over b: Double) -> Bool {
            self == .lowerIsBetter ? a < b : a > b
        }
    }

    /// Whether a count of events or a measure of time and the machine.
    public enum Kind: String, Sendable {
        /// A count of events (attempts, packets, devices): one seed makes it repeat, but for the
        /// timing races docs/METRICS.md#repeatability names.
        case counter
        /// Subject to machine noise (durations, CPU, memory, hitches).
        case timing
    }

    /// How `compare` judges a draw of a LAN on which both sides had a phase cut at its deadline:
    /// where each cut fell decides some counters (netmonitor-2.0 on `home` makes 31 or about 142
    /// TCP attempts with one seed, depending on whether the cut fell before its enrichment race),
    /// so those need a wider allowance or say nothing there. The cut itself is measured
    /// (`phases_cut_at_deadline`), and yield is always judged.
    public enum WhenCut: Sendable, Equatable {
        /// The metric's own allowance.
        case sameAllowance
        /// This allowance instead.
        case allowance(MetricThreshold)
        /// Such a draw is left out of the metric's test.
        case notJudged
    }

    /// Where the number comes from (docs/METRICS.md, "Sources").
    public enum Source: String, Sendable, CaseIterable {
        /// The libpcap capture of the scanner's link (Capture's analysis).
        case capture
        /// The scanner's own event log and scan report (ScanKit's events, folded by `EventTally`).
        case eventLog = "event log"
        /// What the scanner reported, held against the fixture's truth.
        case truth
        /// Measured from outside the scanner process: wait4, /proc, kernel tracepoint counters.
        case process
        /// An estimate from the capture under a published model, not a measurement.
        case model
        /// The app's tools (ping, port scan) held against the wire and the fixture.
        case tools
    }

    /// The results.json path under `metrics`, e.g. `wire.tcp_attempts`; also the key in a
    /// thresholds file. Built from `RunMetrics`' coding keys, except for a ratio derived from two
    /// of them (`time_to_100_percent_vs_floor`).
    public let id: String
    /// Column title, e.g. "TCP attempts".
    public let title: String
    /// A shorter title for the raw-runs table ("SYNs"); the title when it is short already.
    public let shortTitle: String
    /// Unit shown in headers ("s", "ms", "MB"), empty for counts.
    public let unit: String
    public let direction: Direction
    public let kind: Kind
    /// How `compare` judges a draw with a phase cut at its deadline.
    public let whenCut: WhenCut
    /// The chance that a draw of unchanged code lands beyond the allowance one way, where it is
    /// known to be larger than `compare`'s default (nil: the default holds).
    public let nullExceedance: Double?
    /// Decimals when printed.
    public let digits: Int
    public let source: Source
    /// How far one draw of a LAN may land from the baseline's before `compare` counts it as worse
    /// (or better): for the metrics the verdict tests (`Metric.gated`); nil for the others.
    public let threshold: MetricThreshold?
    let extract: @Sendable (RunMetrics) -> Double?
    /// For a count out of a whole (devices found of discoverable), the whole: tables print "29/30".
    let whole: (@Sendable (RunMetrics) -> Double?)?

    init(
        _ id: String,
        _ title: String,
        short: String? = nil,
        unit: String = "",
        _ direction: Direction,
        _ kind: Kind,
        digits: Int = 0,
        from source: Source,
        gate threshold: MetricThreshold? = nil,
        whenCut: WhenCut = .sameAllowance,
        nullExceedance: Double? = nil,
        of whole: (@Sendable (RunMetrics) -> Double?)? = nil,
        _ extract: @escaping @Sendable (RunMetrics) -> Double?
    ) {
        self.id = id
        self.title = title
        self.shortTitle = short ?? title
        self.unit = unit
        self.direction = direction
        self.kind = kind
        self.whenCut = whenCut
        self.nullExceedance = nullExceedance
        self.digits = digits
        self.source = source
        self.threshold = threshold
        self.whole = whole
        self.extract = extract
    }

    /// The metric's value in `metrics`, nil when the run did not measure it.
    public func value(in metrics: RunMetrics) -> Double? { extract(metrics) }

    /// `value` rounded as a report prints it (to `digits` decimals): what timings are compared
    /// on, so a difference nobody can see decides nothing.
    public func printed(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return Double(String(format: "%.\(digits)f", value)) ?? value
    }

    /// The whole the value counts out of in `metrics`, nil for a metric that is no such count.
    public func total(in metrics: RunMetrics) -> Double? { whole?(metrics) }

    /// Whether `a` is better than `b`.
    public func isBetter(_ a: Double, than b: Double) -> Bool { direction.prefers(a, over: b) }
}
