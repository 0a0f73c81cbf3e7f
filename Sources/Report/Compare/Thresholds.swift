import Foundation
import Results

/// What `scanbench compare` tolerates: per-metric allowances for counters, and the significance
/// level, effect size and minimum change for timings.
///
/// A thresholds file (JSON) overrides the defaults metric by metric; metrics it does not name keep
/// theirs. docs/REPORTS.md documents the format and every default.
public struct Thresholds: Sendable, Equatable {
    /// Significance level of the two-sided Mann–Whitney U test for timings.
    public var alpha: Double
    /// Smallest |Cliff's δ| that counts as a timing change (0.474 = "large", Romano et al. 2006).
    public var minEffectSize: Double
    /// By metric id (e.g. `wire.tcp_attempts`).
    public var metrics: [String: MetricThreshold]
    /// The metric ids a thresholds file set (they are used as given, seeds or not).
    public var fromFile: Set<String> = []

    public init(alpha: Double = 0.05, minEffectSize: Double = CliffsDelta.large, metrics: [String: MetricThreshold] = Thresholds.defaultMetrics) {
        self.alpha = alpha
        self.minEffectSize = minEffectSize
        self.metrics = metrics
    }

    /// The built-in defaults.
    public static let defaults = Thresholds()

    /// The default allowances: each metric's declared `threshold` (Metric+Catalogue.swift says
    /// why counters get a slack and yield none, and when counters are exact instead).
    public static let defaultMetrics: [String: MetricThreshold] = Dictionary(
        uniqueKeysWithValues: Metric.all.compactMap { metric in metric.threshold.map { (metric.id, $0) } })

    /// The threshold of a metric (a zero-tolerance gate when neither the file nor the defaults name it).
    public func threshold(_ metric: Metric) -> MetricThreshold {
        metrics[metric.id] ?? MetricThreshold()
    }

    /// The threshold of a counter or timing for one pair of runs.
    ///
    /// When both sides ran with the same seed (`seeded`), each has at least two runs, and no
    /// thresholds file named the metric, a counter the seed made repeatable is exact: if every
    /// repetition on each side agreed, no worsening is allowed. A counter that timing moves by
    /// definition (`Metric.movesWithTiming`: peaks, packets, retransmits) is never exact: sixteen runs
    /// of one strategy and seed on tiny sent 1,537–1,578 packets, 1,563 three times and 1,545 and
    /// 1,572 twice each, so two runs a side can agree by chance on each side and differ between them. One run cannot show whether a
    /// counter repeats, and a few baseline runs that agreed by chance prove little (the main job's
    /// single run against the three-run reference flagged +2 of 238 attempts and +8 bytes that way),
    /// so a side with one run gets the declared allowance, widened to the baseline's spread. A counter whose repetitions moved on either side depends on timing as
    /// well as on the seed (a phase cut at its deadline, an ARP retry, a peak of connections in
    /// flight), so one side agreeing by chance proves nothing: it gets its declared allowance,
    /// widened to the baseline's spread (max − min). Only the baseline widens it: a change that
    /// makes a counter both worse and noisier must not loosen its own gate. Timings and file-set
    /// metrics keep `threshold(_:)`.
    public func threshold(_ metric: Metric, seeded: Bool, baseline: [Double], current: [Double]) -> MetricThreshold {
        guard seeded, metric.kind == .counter, !fromFile.contains(metric.id) else { return threshold(metric) }
        let declared = threshold(metric)
        let repeated = !metric.movesWithTiming && baseline.count >= 2 && current.count >= 2
            && max(Self.spread(baseline), Self.spread(current)) == 0
        guard !repeated else { return MetricThreshold(absolute: 0, gate: declared.gate) }
        return MetricThreshold(relativePercent: declared.relativePercent, absolute: max(declared.absolute ?? 0, Self.spread(baseline)),
                               gate: declared.gate)
    }

    /// max − min of a side's repetitions (0 for fewer than two).
    static func spread(_ values: [Double]) -> Double {
        (values.max() ?? 0) - (values.min() ?? 0)
    }

    /// Reads a thresholds file over the defaults.
    /// - Throws: `CompareInputError` when the file is missing, is not JSON of the documented shape,
    ///   names a metric `compare` does not know, or gives a value out of range.
    public static func load(_ path: String) throws(CompareInputError) -> Thresholds {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CompareInputError("cannot read thresholds file \(path)", fix: "check the path; docs/REPORTS.md shows the format")
        }
        return try parse(data, source: path)
    }

    /// Parses thresholds JSON over the defaults; `source` names it in errors.
    public static func parse(_ data: Data, source: String) throws(CompareInputError) -> Thresholds {
        let known = "alpha, min_effect_size, metrics"
        guard let object = try? JSONSerialization.jsonObject(with: data), let top = object as? [String: Any] else {
            throw CompareInputError("\(source) is not a JSON object", fix: "write {\"alpha\": 0.05, \"metrics\": {\"wire.tcp_attempts\": {\"relative_percent\": 5}}}")
        }
        for key in top.keys.sorted() where !known.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).contains(key) {
            throw CompareInputError("\(source): unknown key \"\(key)\"", fix: "allowed top-level keys: \(known)")
        }
        var result = Thresholds.defaults
        if let alpha = top["alpha"] {
            guard let value = alpha as? Double, value > 0, value < 1 else {
                throw CompareInputError("\(source): alpha must be a number between 0 and 1", fix: "the default is 0.05")
            }
            result.alpha = value
        }
        if let effect = top["min_effect_size"] {
            guard let value = effect as? Double, value >= 0, value <= 1 else {
                throw CompareInputError("\(source): min_effect_size must be a number between 0 and 1 (|Cliff's δ|)", fix: "the default is 0.474")
            }
            result.minEffectSize = value
        }
        guard let metrics = top["metrics"] else { return result }
        guard let table = metrics as? [String: Any] else {
            throw CompareInputError("\(source): metrics must be an object keyed by metric id", fix: "e.g. \"metrics\": {\"wire.tcp_attempts\": {\"relative_percent\": 5}}")
        }
        let ids = Metric.all.map(\.id)
        for (id, value) in table.sorted(by: { $0.key < $1.key }) {
            guard ids.contains(id) else {
                throw CompareInputError("\(source): unknown metric \"\(id)\"", fix: "known metrics: \(ids.joined(separator: ", "))")
            }
            guard let entry = value as? [String: Any] else {
                throw CompareInputError("\(source): metrics.\(id) must be an object", fix: "keys: relative_percent, absolute, gate")
            }
            for key in entry.keys.sorted() where !["relative_percent", "absolute", "gate"].contains(key) {
                throw CompareInputError("\(source): metrics.\(id) has unknown key \"\(key)\"", fix: "keys: relative_percent, absolute, gate")
            }
            guard let encoded = try? JSONSerialization.data(withJSONObject: entry),
                  let threshold = try? JSONDecoder().decode(MetricThreshold.self, from: encoded) else {
                throw CompareInputError("\(source): metrics.\(id) has a value of the wrong type",
                                        fix: "relative_percent and absolute are numbers, gate is true or false")
            }
            if (threshold.relativePercent ?? 0) < 0 || (threshold.absolute ?? 0) < 0 {
                throw CompareInputError("\(source): metrics.\(id) has a negative allowance", fix: "allowances are magnitudes; direction comes from the metric")
            }
            result.metrics[id] = threshold
            result.fromFile.insert(id)
        }
        return result
    }
}
