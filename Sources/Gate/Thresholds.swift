import Foundation
import Results

/// What `scanbench compare` tolerates: the family-wise error rate of a verdict, the chance a draw
/// of unchanged code lands beyond an allowance one way, and the allowances of the tested metrics.
///
/// A thresholds file (JSON) overrides the defaults metric by metric; metrics it does not name keep
/// theirs. docs/REPORTS.md documents the format and every default.
public struct Thresholds: Sendable, Equatable {
    /// The chance that a verdict flags anything (REGRESSED or IMPROVED) on unchanged code, at most:
    /// Holm's procedure holds every test of the verdict to it together.
    public var alpha: Double
    /// The chance that one draw of unchanged code lands beyond a metric's allowance in one
    /// direction, which the tests assume (an upper bound: the recorded null lands there less often,
    /// docs/REPORTS.md).
    public var nullExceedance: Double
    /// By metric id (e.g. `wire.packets`): the metrics the verdict tests.
    public var metrics: [String: MetricThreshold]

    public init(alpha: Double = 0.01, nullExceedance: Double = 0.05, metrics: [String: MetricThreshold] = Thresholds.defaultMetrics) {
        self.alpha = alpha
        self.nullExceedance = nullExceedance
        self.metrics = metrics
    }

    /// The built-in defaults.
    public static let defaults = Thresholds()

    /// The default allowances: each tested metric's declared `threshold` (Metric+Catalogue.swift
    /// gives the measured null behind each).
    public static let defaultMetrics: [String: MetricThreshold] = Dictionary(
        uniqueKeysWithValues: Metric.gated.compactMap { metric in metric.threshold.map { (metric.id, $0) } })

    /// The allowance of a tested metric (none at all when neither the file nor the defaults name it).
    public func threshold(_ metric: Metric) -> MetricThreshold {
        metrics[metric.id] ?? MetricThreshold()
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
        let known = "alpha, null_exceedance, metrics"
        guard let object = try? JSONSerialization.jsonObject(with: data), let top = object as? [String: Any] else {
            throw CompareInputError("\(source) is not a JSON object", fix: "write {\"alpha\": 0.01, \"metrics\": {\"wire.packets\": {\"relative_percent\": 5}}}")
        }
        if top["min_effect_size"] != nil {
            throw CompareInputError("\(source): min_effect_size is no longer used: since 2026-11-26 compare counts the draws beyond each allowance instead of testing medians",
                                    fix: "remove the key; docs/REPORTS.md (\"What is gated, and how\") explains the test")
        }
        for key in top.keys.sorted() where !known.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).contains(key) {
            throw CompareInputError("\(source): unknown key \"\(key)\"", fix: "allowed top-level keys: \(known)")
        }
        var result = Thresholds.defaults
        if let alpha = top["alpha"] {
            guard let value = alpha as? Double, value > 0, value < 1 else {
                throw CompareInputError("\(source): alpha must be a number between 0 and 1 (the verdict's family-wise false alarm rate)", fix: "the default is 0.01")
            }
            result.alpha = value
        }
        if let rate = top["null_exceedance"] {
            guard let value = rate as? Double, value > 0, value < 1 else {
                throw CompareInputError("\(source): null_exceedance must be a number between 0 and 1", fix: "the default is 0.05; measure yours with scripts/gate-error-rates")
            }
            result.nullExceedance = value
        }
        guard let metrics = top["metrics"] else { return result }
        guard let table = metrics as? [String: Any] else {
            throw CompareInputError("\(source): metrics must be an object keyed by metric id", fix: "e.g. \"metrics\": {\"wire.tcp_attempts\": {\"relative_percent\": 5}}")
        }
        let ids = Metric.gated.map(\.id)
        for (id, value) in table.sorted(by: { $0.key < $1.key }) {
            guard ids.contains(id) else {
                let shown = Metric.all.contains { $0.id == id }
                throw CompareInputError("\(source): \(shown ? "\(id) is shown by compare, not tested" : "unknown metric \"\(id)\"")",
                                        fix: "the verdict tests \(ids.joined(separator: ", ")); remove \(id)")
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
        }
        return result
    }
}
