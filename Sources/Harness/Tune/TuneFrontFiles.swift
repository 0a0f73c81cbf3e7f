import Foundation
import Results
import AppInputs

/// `scanbench tune`'s answer as files: each strategy on the front written to `OUT/front/NAME.yaml`,
/// loadable as it stands (`scanbench run --strategy OUT/front/NAME.yaml`), under a header that says
/// how it was found, what it measured and what it changes from the base.
public enum TuneFrontFiles {
    /// Writes the front of `document`'s tune into `outputDirectory/front/` (replacing that
    /// directory, so a file there is on the current front).
    /// - Returns: the paths written, in front order.
    /// - Throws: a file-system error; `YAMLInputError` when a preset does not resolve.
    @discardableResult
    public static func write(_ document: ResultsDocument, outputDirectory: String, command: String) throws -> [String] {
        guard let tune = document.tune else { return [] }
        let directory = "\(outputDirectory)/front"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let reference = tune.values(of: tune.referenceName, on: tune.fixtures, in: document.runs)
        return try tune.front.compactMap { name -> String? in
            guard let candidate = tune.candidates.first(where: { $0.name == name }) else { return nil }
            let source =
                candidate.origin.hasPrefix("bracket")
                ? "\(outputDirectory)/strategies/\(name).yaml"
                : try StrategyLoader.resolve(candidate.origin == "base" ? tune.base : tune.reference)
            let body = try String(contentsOfFile: source, encoding: .utf8).split(
                separator: "\n",
                omittingEmptySubsequences: false
            )
            .drop { $0.hasPrefix("#") }.joined(separator: "\n")
            let path = "\(directory)/\(name).yaml"
            let values = tune.values(of: name, on: tune.fixtures, in: document.runs)
            try (header(candidate, values: values, reference: reference, tune: tune, command: command) + body)
                .write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    static func header(
        _ candidate: TuneRecord.Candidate,
        values: [String: Double]?,
        reference: [String: Double]?,
        tune: TuneRecord,
        command: String
    ) -> String {
        let numbers = { (values: [String: Double]?) -> String in
            tune.metrics.map { metric in
                "\(metric.id) \(values?[metric.id].map { String(format: "%.\(metric.digits)f", $0) } ?? "—")"
            }
            .joined(separator: ", ")
        }
        var lines = ["\(candidate.name): on the Pareto front of `\(command)` (seed \(tune.seed))."]
        switch candidate.origin {
        case "base": lines.append("The search's base, unchanged.")
        case "reference": lines.append("The reference, unchanged.")
        default:
            lines.append(
                "A Latin-hypercube candidate of \(candidate.origin), promoted by Pareto rank until measured on every fixture."
            )
            lines.append(
                "Changes from \(tune.baseName): "
                    + candidate.overrides.keys.sorted().map { "\($0) = \(candidate.overrides[$0]!)" }.joined(
                        separator: ", "
                    ) + "."
            )
        }
        lines.append("Means over \(tune.fixtures.joined(separator: ", ")) (one run each): \(numbers(values)).")
        lines.append("\(tune.referenceName) on the same LANs: \(numbers(reference)).")
        lines.append(
            "Blind: the search varies only the knobs of Strategy.searchSpace (no addresses, ports or device names)."
        )
        return lines.map { "# \($0)" }.joined(separator: "\n") + "\n"
    }
}
