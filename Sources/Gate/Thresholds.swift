import Foundation
import Results
import StrictYAML

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

    public init(
        alpha: Double = 0.01,
        nullExceedance: Double = 0.05,
        metrics: [String: MetricThreshold] = Thresholds.defaultMetrics
    ) {
        self.alpha = alpha
        self.nullExceedance = nullExceedance
        self.metrics = metrics
    }

    /// The built-in defaults.
    public static let defaults = Thresholds()

    /// The default allowances: each tested metric's declared `threshold` (Metric+Catalogue.swift
    /// gives the measured null behind each).
    public static let defaultMetrics: [String: MetricThreshold] = Dictionary(
        uniqueKeysWithValues: Metric.gated.compactMap { metric in metric.threshold.map { (metric.id, $0) } }
    )

    /// The allowance of a tested metric (none at all when neither the file nor the defaults name it).
    public func threshold(_ metric: Metric) -> MetricThreshold {
        metrics[metric.id] ?? MetricThreshold()
    }

    /// Reads a thresholds file over the defaults.
    /// - Throws: `CompareInputError` when the file is missing, is not JSON of the documented shape,
    ///   names a metric `compare` does not know, or gives a value out of range.
    public static func load(_ path: String) throws(CompareInputError) -> Thresholds {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CompareInputError(
                "cannot read thresholds file \(path)",
                fix: "check the path; docs/REPORTS.md shows the format"
            )
        }
        return try parse(data, source: path)
    }

    /// Parses thresholds JSON over the defaults; `source` names it in errors, with the line.
    ///
    /// The file is read by the strict decoder every input file of ScanBench goes through
    /// (`StrictYAMLDecoder`: JSON is YAML's flow style), so a misspelt key, a wrong type or a value
    /// out of range names its line and the fix.
    public static func parse(_ data: Data, source: String) throws(CompareInputError) -> Thresholds {
        do {
            return try strictParse(String(decoding: data, as: UTF8.self), source: source)
        } catch let error as YAMLInputError {
            let place = [error.line, error.column].compactMap { $0.map(String.init) }.joined(separator: ":")
            throw CompareInputError("\(source)\(place.isEmpty ? "" : ":" + place): \(error.message)", fix: error.fix)
        } catch {
            throw CompareInputError("\(source): \(error)", fix: "docs/REPORTS.md shows the format")
        }
    }

    private static func strictParse(_ text: String, source: String) throws -> Thresholds {
        let ids = Metric.gated.map(\.id)
        let decoder = StrictYAMLDecoder(
            knownKeys: ThresholdsFile.knownKeys.union(Metric.all.map(\.id)),
            schemaDocument: "docs/REPORTS.md (\"Thresholds file\")"
        )
        let (file, document) = try decoder.decode(ThresholdsFile.self, from: text, file: source)
        if file.minEffectSize != nil {
            throw document.error(
                at: ["min_effect_size"],
                "min_effect_size is no longer used: since 2026-11-26 compare counts the draws beyond each allowance instead of testing medians",
                fix: "remove the key; docs/REPORTS.md (\"What is gated, and how\") explains the test"
            )
        }
        var result = Thresholds.defaults
        if let alpha = file.alpha {
            guard alpha > 0, alpha < 1 else {
                throw document.error(
                    at: ["alpha"],
                    "alpha must be a number between 0 and 1 (the verdict's family-wise false alarm rate)",
                    fix: "the default is 0.01"
                )
            }
            result.alpha = alpha
        }
        if let rate = file.nullExceedance {
            guard rate > 0, rate < 1 else {
                throw document.error(
                    at: ["null_exceedance"],
                    "null_exceedance must be a number between 0 and 1",
                    fix: "the default is 0.05; measure yours with scripts/gate-error-rates"
                )
            }
            result.nullExceedance = rate
        }
        for (id, threshold) in (file.metrics ?? [:]).sorted(by: { $0.key < $1.key }) {
            let path: YAMLPath = ["metrics", .key(id)]
            guard ids.contains(id) else {
                let shown = Metric.all.contains { $0.id == id }
                throw document.error(
                    at: path,
                    shown ? "\(id) is shown by compare, not tested" : "unknown metric \"\(id)\"",
                    fix: "the verdict tests \(ids.joined(separator: ", ")); remove \(id)"
                )
            }
            if (threshold.relativePercent ?? 0) < 0 || (threshold.absolute ?? 0) < 0 {
                throw document.error(
                    at: path,
                    "a negative allowance",
                    fix: "allowances are magnitudes; direction comes from the metric"
                )
            }
            result.metrics[id] = threshold
        }
        return result
    }
}

/// A thresholds file as written: every key optional, over the defaults.
private struct ThresholdsFile: Codable {
    var alpha: Double?
    var nullExceedance: Double?
    var metrics: [String: MetricThreshold]?
    /// Retired (2026-11-26); read only to say so.
    var minEffectSize: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case alpha, metrics
        case nullExceedance = "null_exceedance"
        case minEffectSize = "min_effect_size"
    }

    /// Every key the file may hold: its own and a metric's allowance's.
    static let knownKeys = Set(CodingKeys.allCases.map(\.stringValue) + ["relative_percent", "absolute", "gate"])
}
