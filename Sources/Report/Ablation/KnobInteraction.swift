/// How a knob's two measured directions relate, for one metric (docs/STRATEGIES.md, "Ablation").
///
/// With f the forward effect (BASE → BASE+knob) and l the leave-one-out effect (TARGET−knob →
/// TARGET), each either material (`KnobEffect.isMaterial`) or ≈ 0:
/// - `none`: both ≈ 0. The knob does not move this metric, alone or with the others.
/// - `consistent`: both material, same sign. The knob's effect does not depend on the others.
/// - `opposite`: both material, opposite signs. The knob helps in one context and hurts in the
///   other: it interacts with the other knobs. Flagged.
/// - `onlyWithOthers`: f ≈ 0, l material. Alone on BASE it does nothing; among TARGET's other
///   knobs it matters: it only matters together with another knob. Flagged.
/// - `replacedByOthers`: f material, l ≈ 0. Alone it matters; among TARGET's other knobs another
///   one already does its job (or masks it). Flagged.
/// - `oneSided`: only one direction could be measured (the other variant was refused or failed).
public enum KnobInteraction: String, Sendable, Encodable {
    case none
    case consistent
    case opposite
    case onlyWithOthers = "only_with_others"
    case replacedByOthers = "replaced_by_others"
    case oneSided = "one_sided"

    /// The relation of the two directions; `forward`/`leaveOneOut` nil when not measured.
    init(forwardMaterial: Bool?, leaveOneOutMaterial: Bool?, sameSign: Bool) {
        switch (forwardMaterial, leaveOneOutMaterial) {
        case (nil, _), (_, nil): self = .oneSided
        case (false, false): self = .none
        case (false, true): self = .onlyWithOthers
        case (true, false): self = .replacedByOthers
        case (true, true): self = sameSign ? .consistent : .opposite
        }
    }

    /// Whether the two directions disagree, so the knob's single-context effect misleads.
    public var isFlagged: Bool { self == .opposite || self == .onlyWithOthers || self == .replacedByOthers }

    /// The words the report prints.
    var phrase: String {
        switch self {
        case .none: "no effect either way"
        case .consistent: "consistent"
        case .opposite: "**directions disagree** (opposite signs): interacts with other knobs"
        case .onlyWithOthers: "**only matters together with another knob** (≈ 0 alone on BASE)"
        case .replacedByOthers: "**replaced by other knobs** (≈ 0 when left out of TARGET)"
        case .oneSided: "one direction not measured"
        }
    }
}
