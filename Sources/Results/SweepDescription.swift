/// What `scanbench run --sweep` varied, kept in results.json (`sweep`) so a report or a script can
/// lay the runs out on the grid without parsing strategy names.
///
/// The grid is the cartesian product of every knob's values, applied to each base strategy; each
/// base also runs unchanged, as the control every variant is held against, in the same interleaved
/// schedule and with the same repetitions. Runs carry their own `control` and `overrides`.
public struct SweepDescription: Codable, Sendable, Equatable {
    /// One swept knob: a dotted key path of the strategy file and the values it took, in the order given.
    public struct Knob: Codable, Sendable, Equatable {
        public var key: String
        /// As given on the command line (YAML scalars), so `true`, `12` and `2.5` keep their spelling.
        public var values: [String]

        public init(key: String, values: [String]) {
            self.key = key
            self.values = values
        }
    }

    /// The knobs, in `--sweep` order: the first is a chart's x axis, the others its lines.
    public var knobs: [Knob]
    /// The control of each base strategy: its name in `runs[].strategy` (the base unchanged).
    public var controls: [String]

    public init(knobs: [Knob], controls: [String]) {
        self.knobs = knobs
        self.controls = controls
    }

    /// Variants per base: the product of the knobs' value counts (the control not included).
    public var gridSize: Int { knobs.reduce(1) { $0 * $1.values.count } }
}
