import Results

/// What `scanbench ablate` says before it runs (and all `--list` says): a line per knob that
/// differs, with both values and how it is measured, then the size of the job.
///
/// Knobs the loader refuses one at a time but takes together (`Ablation`'s group) are not a line of
/// their own: each of them says which knobs it is coupled with. A refusal is one line without the
/// scratch file it was found in.
public enum AblationListing {
    /// The whole text: a heading line, a line per knob, the run count.
    public static func text(
        _ ablation: Ablation,
        strategies: Int,
        runs plan: RunPlan,
        repetitions: Int,
        seed: UInt64?
    ) -> String {
        let lines = knobLines(ablation)
        var text =
            "\(lines.count) knob\(lines.count == 1 ? "" : "s") differ\(lines.count == 1 ? "s" : "") between \(ablation.base) and \(ablation.target):\n"
        text += lines.map { "  \($0)\n" }.joined()
        let scenarios = Set(plan.entries.map(\.scenario.rawValue)).count
        text +=
            "\(counted(plan.entries.count, "run", "runs")): \(plan.fixtures.joined(separator: ", ")) × \(counted(strategies, "strategy", "strategies")) × "
        text += "\(counted(scenarios, "scenario", "scenarios")) × \(counted(repetitions, "repetition", "repetitions"))"
        return text + (seed.map { " (seed \($0))" } ?? "")
    }

    /// One line per knob that differs: `key: base → target`, and what is not measured or with which
    /// knobs it is measured together.
    static func knobLines(_ ablation: Ablation) -> [String] {
        let group = ablation.knobs.first { $0.key.contains("+") }
        let coupled = group.map { $0.key.split(separator: "+").map(String.init) } ?? []
        return ablation.knobs.filter { !$0.key.contains("+") }.map { knob in
            var notes: [String] = []
            if let group, coupled.contains(knob.key) {
                let others = coupled.filter { $0 != knob.key }.joined(separator: ", ")
                let refused = refusals(group)
                notes.append("coupled with \(others)" + (refused.count < 2 ? ": measured together" : ""))
                notes += refused.map { "together, \($0)" }
            } else {
                notes += refusals(knob)
            }
            return "\(knob.key): \(knob.baseValue) → \(knob.targetValue)"
                + (notes.isEmpty ? "" : "  (\(notes.joined(separator: "; ")))")
        }
    }

    /// `forward not measured: why` and the same for leave-one-out, for the directions not run.
    private static func refusals(_ knob: Ablation.Knob) -> [String] {
        [("forward", knob.forward, knob.forwardError), ("leave-one-out", knob.leaveOneOut, knob.leaveOneOutError)]
            .compactMap { direction, name, error in
                guard name == nil else { return nil }
                let why = error.map { $0.split(whereSeparator: \.isNewline).first.map(String.init) ?? $0 } ?? "refused"
                return "\(direction) not measured: \(why)"
            }
    }

    private static func counted(_ count: Int, _ one: String, _ many: String) -> String {
        "\(count) \(count == 1 ? one : many)"
    }
}
