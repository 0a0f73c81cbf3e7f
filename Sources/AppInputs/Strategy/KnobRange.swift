import AppContract
import Foundation

/// The values `scanbench tune` may give one knob, declared with the knob (its `tune:` in
/// the section's `knobs` table) so a new knob and its range are written together.
///
/// A range is what is worth trying on any LAN, never a fixture's numbers: no addresses, no port
/// lists, nothing that names a device. Knobs that would need those (the port lists, the Bonjour
/// types, the pipeline's layout, and the switches of phases the layout lists) are not tunable;
/// neither are the tools' knobs, which a scan does not use.
public struct KnobRange: Sendable, Equatable {
    /// The values a knob takes.
    public enum Values: Sendable, Equatable {
        /// Whole numbers in the range, spread evenly — or evenly on a log scale (`log`), for
        /// timeouts, windows and concurrency, where 100 → 200 matters as much as 1000 → 2000.
        case integers(ClosedRange<Int>, log: Bool)
        /// One of these words, as a strategy file spells them.
        case words([String])
    }

    /// Dotted key path in a strategy file, e.g. `arp.settle_ms`.
    public let key: String
    public let values: Values

    public init(key: String, values: Values) {
        self.key = key
        self.values = values
    }

    /// The same range one section further down: `arp` + `settle_ms` → `arp.settle_ms`.
    func under(_ section: String) -> KnobRange {
        KnobRange(key: "\(section).\(key)", values: values)
    }

    /// The value at `position` in [0, 1) of the range, as YAML: the range cut into equal strata
    /// (a Latin-hypercube sampler draws one position per stratum).
    public func value(at position: Double) -> String {
        let u = min(max(position, 0), 0.999_999_999)
        switch values {
        case .words(let words):
            return words[Int(u * Double(words.count))]
        case .integers(let range, let logScale):
            guard logScale, range.lowerBound > 0 else {
                return String(range.lowerBound + Int(u * Double(range.count)))
            }
            let low = Foundation.log(Double(range.lowerBound)), high = Foundation.log(Double(range.upperBound) + 1)
            return String(min(range.upperBound, max(range.lowerBound, Int(Foundation.exp(low + u * (high - low))))))
        }
    }

    /// "500–5000 ms (log)", "structured | shipped": for `tune --list` and the report.
    public var summary: String {
        switch values {
        case .words(let words): words.joined(separator: " | ")
        case .integers(let range, let logScale):
            "\(range.lowerBound)–\(range.upperBound)" + (logScale ? " (log scale)" : "")
        }
    }
}
