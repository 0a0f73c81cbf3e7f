/// What `scanbench ablate BASE TARGET` set out to measure, kept in results.json (`ablation`) so the
/// report can pair each knob with the variants that measured it, from the file alone.
///
/// Every knob that differs between BASE and TARGET gets two variants: BASE with that knob set to
/// TARGET's value (`forward`) and TARGET with it set back to BASE's (`leave_one_out`). A variant
/// the strategy loader refuses on its own (a knob that only makes sense with another) is not run;
/// its `…_error` says why. Two knobs may share a variant when the strategies are the same (with
/// two knobs, BASE+first is TARGET−second), so a variant name can appear under two knobs.
///
/// Optional in results.json: a file written by `scanbench run` has none, and decodes as before.
public struct Ablation: Codable, Sendable, Equatable {
    /// One knob that differs, or several measured together (keys joined by `+`, values by `; `):
    /// knobs the loader refuses one at a time are measured once more as one group.
    public struct Knob: Codable, Sendable, Equatable {
        /// Dotted key path, as in a strategy file and `--sweep`: `tcp.host_concurrency`.
        public var key: String
        /// Its effective value in BASE and in TARGET, as YAML flow text (`24`, `[80, 443]`, `none`).
        public var baseValue: String
        public var targetValue: String
        /// The strategy name of BASE with this knob set to TARGET's value; nil when not run.
        public var forward: String?
        /// The strategy name of TARGET with this knob set back to BASE's value; nil when not run.
        public var leaveOneOut: String?
        /// Why `forward` was not run (the loader's refusal, one line without the scratch file), nil when it was.
        public var forwardError: String?
        /// Why `leave_one_out` was not run, nil when it was.
        public var leaveOneOutError: String?

        public init(
            key: String,
            baseValue: String,
            targetValue: String,
            forward: String? = nil,
            leaveOneOut: String? = nil,
            forwardError: String? = nil,
            leaveOneOutError: String? = nil
        ) {
            self.key = key
            self.baseValue = baseValue
            self.targetValue = targetValue
            self.forward = forward
            self.leaveOneOut = leaveOneOut
            self.forwardError = forwardError
            self.leaveOneOutError = leaveOneOutError
        }

        enum CodingKeys: String, CodingKey {
            case key, forward
            case baseValue = "base_value"
            case targetValue = "target_value"
            case leaveOneOut = "leave_one_out"
            case forwardError = "forward_error"
            case leaveOneOutError = "leave_one_out_error"
        }
    }

    /// The strategy names of BASE and TARGET in `runs[].strategy`.
    public var base: String
    public var target: String
    /// The knobs that differ, in key order, then the group of those refused alone (if two or more).
    public var knobs: [Knob]

    public init(base: String, target: String, knobs: [Knob]) {
        self.base = base
        self.target = target
        self.knobs = knobs
    }
}
