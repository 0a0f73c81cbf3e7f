import Results

/// The knobs of `scanbench run --sweep KEY=V1,V2,…` (the flag repeated): the grid is the cartesian
/// product of their values, and each base strategy runs once per grid point plus once unchanged,
/// as the control.
///
/// The control is not optional: a variant's numbers mean something only next to the base's, measured
/// in the same schedule on the same machine at the same time (run-to-run drift between two
/// separate invocations is as large as many knob effects, docs/CI.md). The grid is capped because
/// its size multiplies: every extra value of one knob adds a whole row of the others, times the
/// repetitions, times the fixtures.
public struct SweepGrid: Sendable, Equatable {
    /// The default of `--max-variants`, counting every base's control: 64 strategies (a 7 × 9 grid
    /// and its control, or 3 × 4 × 5) at the default 5 repetitions is 320 runs, about 1 h 45 min
    /// on `home` at the ~20 s a run takes (docs/HARNESS.md, suites) — the longest job one starts
    /// without planning it, and still a readable report; a larger grid is usually a sign that a
    /// coarser first pass should narrow it.
    public static let defaultMaxVariants = 64

    public let knobs: [SweepDescription.Knob]

    /// Parses each `--sweep` text into a knob.
    /// - Throws: `HarnessError` naming the flag: a text without `KEY=`, without values, with an
    ///   empty or repeated value, or a key given twice.
    public init(_ sweeps: [String]) throws {
        var knobs: [SweepDescription.Knob] = []
        for text in sweeps {
            let knob = try Self.knob(text)
            if let earlier = knobs.first(where: { $0.key == knob.key }) {
                throw HarnessError(
                    "--sweep \(knob.key) is given twice (\(earlier.values.joined(separator: ",")) and \(knob.values.joined(separator: ",")))",
                    fix:
                        "give each knob once, with all its values: --sweep \(knob.key)=\((earlier.values + knob.values).joined(separator: ","))"
                )
            }
            knobs.append(knob)
        }
        self.knobs = knobs
    }

    /// One `--sweep KEY=V1,V2,…`.
    static func knob(_ text: String) throws -> SweepDescription.Knob {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw HarnessError("--sweep '\(text)' has no KEY=", fix: "write e.g. --sweep tcp.host_concurrency=12,24,40")
        }
        let key = String(text[..<equals])
        let values = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !values.contains("") else {
            throw HarnessError(
                "--sweep '\(text)' has no values or an empty one",
                fix: "list values after =, separated by commas: --sweep \(key)=12,24,40"
            )
        }
        var seen: Set<String> = []
        for value in values where !seen.insert(value).inserted {
            throw HarnessError(
                "--sweep '\(text)' lists \(value) twice",
                fix: "list each value once (repetitions come from --repeat)"
            )
        }
        return SweepDescription.Knob(key: key, values: values)
    }

    /// A grid of knobs already parsed (a recorded plan's `sweep`).
    public init(knobs: [SweepDescription.Knob]) {
        self.knobs = knobs
    }

    /// Variants per base, the control not included: the product of the value counts.
    public var size: Int { knobs.isEmpty ? 0 : knobs.reduce(1) { $0 * $1.values.count } }

    /// The grid's points, first knob slowest: each a list of overrides in `--sweep` order.
    public var points: [[StrategyVariant.Override]] {
        guard !knobs.isEmpty else { return [] }
        return knobs.reduce([[]]) { partial, knob in
            partial.flatMap { prefix in knob.values.map { prefix + [StrategyVariant.Override(knob.key, $0)] } }
        }
    }

    /// For each base: the control (the base unchanged), then one variant per grid point.
    /// - Throws: `HarnessError` when that is more than `maxVariants` strategies, saying the grid's
    ///   size, the cap and how to shrink it.
    public func variants(bases: [String], maxVariants: Int = defaultMaxVariants) throws -> [StrategyVariant] {
        let total = bases.count * (size + 1)
        guard total <= maxVariants else {
            let shape = knobs.map { "\($0.values.count)" }.joined(separator: " × ")
            let perBase = bases.count == 1 ? "" : " for each of \(bases.count) strategies"
            throw HarnessError(
                "--sweep makes a grid of \(shape) = \(size) variants + 1 control\(perBase) = \(total) strategies to run, above --max-variants \(maxVariants)",
                fix:
                    "drop values or a --sweep flag (a coarse grid first, then a finer one around the best point), or raise --max-variants if \(total) strategies × the repetitions is the run you mean"
            )
        }
        let points = self.points
        return bases.flatMap { base in
            [StrategyVariant(base: base)] + points.map { StrategyVariant(base: base, overrides: $0) }
        }
    }

    /// What results.json records of this grid run over `bases`.
    public func description(bases: [String]) -> SweepDescription {
        SweepDescription(knobs: knobs, controls: bases.map { StrategyVariant(base: $0).name })
    }
}
