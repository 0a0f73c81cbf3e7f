import AppInputs

/// Stands in for a phase the strategy names but ScanKit does not have yet: it does nothing and
/// ends at once, so the run shows it (event log, summary `not_built`) instead of skipping it.
public struct NotBuiltPhase: ScanPhase {
    public let kind: PhaseKind
    public var id: String { kind.rawValue }
    public var displayName: String { kind.displayName }
    public var weight: Double { kind.weight }

    public init(kind: PhaseKind) { self.kind = kind }

    public func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        progress(0)
        progress(1)
    }
}
