import Foundation
import Results
import AppInputs

/// The strategies `scanbench ablate BASE TARGET` runs, and the `Ablation` record that tells the
/// report which of them measured which knob.
///
/// For every knob that differs (`KnobDifference`): BASE with the knob set to TARGET's value
/// (forward) and TARGET with it set back to BASE's value (leave-one-out). Each variant is written
/// and loaded before anything runs: one the loader refuses is left out and its reason recorded, so
/// one knob that only makes sense with another does not stop the other knobs' measurements. A
/// variant whose strategy equals one already planned (BASE, TARGET or another knob's variant) is
/// not run twice: the knob points at the existing one.
public struct AblationPlan: Sendable {
    /// BASE, TARGET, then the forward and the leave-one-out variants, each once.
    public var variants: [StrategyVariant]
    public var ablation: Ablation

    /// Longest knob value spelled out in a variant's name; a longer one is named after the
    /// strategy it comes from (`review-baseline[bonjour.tiers=@netmonitor-2.0]`).
    static let longestValueInName = 24

    /// Loads BASE and TARGET (preset names or paths), lists the knobs that differ and prepares
    /// every variant in `directory` (the job's `OUT/strategies`).
    /// - Throws: `YAMLInputError` when BASE or TARGET does not load; `HarnessError` when they have
    ///   the same name or no knob differs.
    public init(base: String, target: String, directory: String) throws {
        let baseVariant = StrategyVariant(base: base)
        let targetVariant = StrategyVariant(base: target)
        guard baseVariant.stem != targetVariant.stem else {
            throw HarnessError(
                "BASE and TARGET are both called '\(baseVariant.stem)'; their runs could not be told apart",
                fix: "copy one of them to a file of another name and pass that path"
            )
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var planned: [(variant: StrategyVariant, strategy: Strategy)] = []
        for variant in [baseVariant, targetVariant] {
            planned.append((variant, Self.comparable(try variant.prepare(in: directory).strategy)))
        }
        let differences = try KnobDifference.between(planned[0].strategy, planned[1].strategy)
        guard !differences.isEmpty else {
            throw HarnessError(
                "\(base) and \(target) have the same value for every knob; there is nothing to ablate",
                fix: "compare two strategies that differ (docs/STRATEGIES.md lists the knobs)"
            )
        }
        /// Plans `variant` unless it is refused (→ its reason) or equal to one planned (→ that one's name).
        func plan(_ variant: StrategyVariant) -> (name: String?, error: String?) {
            let strategy: Strategy
            do {
                strategy = Self.comparable(try variant.prepare(in: directory).strategy)
            } catch let refusal as StrategyVariant.Refusal {
                // One line without the variant's file: the file is scratch (in a temporary directory for --list).
                return (nil, refusal.summary)
            } catch {
                return (nil, "\(error)")
            }
            if let same = planned.first(where: { $0.strategy == strategy }) { return (same.variant.name, nil) }
            planned.append((variant, strategy))
            return (variant.name, nil)
        }
        /// One knob (or several changed together): its forward and its leave-one-out variant.
        func measure(_ group: [KnobDifference]) -> Ablation.Knob {
            let forward = plan(
                Self.variant(base, setting: group.map { ($0.key, $0.targetValue) }, from: targetVariant.stem)
            )
            let back = plan(Self.variant(target, setting: group.map { ($0.key, $0.baseValue) }, from: baseVariant.stem))
            return Ablation.Knob(
                key: group.map(\.key).joined(separator: "+"),
                baseValue: group.map(\.baseValue).joined(separator: "; "),
                targetValue: group.map(\.targetValue).joined(separator: "; "),
                forward: forward.name,
                leaveOneOut: back.name,
                forwardError: forward.error,
                leaveOneOutError: back.error
            )
        }
        var knobs = differences.map { measure([$0]) }
        // Knobs the loader refuses one at a time usually only make sense together (the pipeline's
        // steps and the phases they list): measured once more as one group.
        let refused = zip(differences, knobs).filter { $0.1.forwardError != nil || $0.1.leaveOneOutError != nil }.map(
            \.0
        )
        if refused.count > 1 { knobs.append(measure(refused)) }
        variants = planned.map(\.variant)
        ablation = Ablation(base: baseVariant.name, target: targetVariant.name, knobs: knobs)
    }

    /// `strategy` with knobs set, named `stem[key=value]` for one knob with a short plain value
    /// (word, number, list of them), else `stem[key+key…=@source]`.
    static func variant(
        _ strategy: String,
        setting knobs: [(key: String, value: String)],
        from source: String
    ) -> StrategyVariant {
        let compact = knobs.count == 1 ? knobs[0].value.replacingOccurrences(of: " ", with: "") : ""
        let plain =
            !compact.isEmpty && compact.count <= longestValueInName
            && compact.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.,-[]".contains($0)) }
        let stem = StrategyVariant(base: strategy).stem
        return StrategyVariant(
            base: strategy,
            overrides: knobs.map { .init($0.key, $0.value) },
            label: "\(stem)[\(knobs.map(\.key).joined(separator: "+"))=\(plain ? compact : "@" + source)]"
        )
    }

    /// The strategy without its labels, so two files that behave alike compare equal.
    static func comparable(_ strategy: Strategy) -> Strategy {
        var copy = strategy
        copy.name = ""
        copy.description = nil
        return copy
    }
}
