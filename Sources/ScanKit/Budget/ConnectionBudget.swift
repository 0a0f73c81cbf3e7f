import AppContract
import AppInputs

/// A global cap on concurrent connection objects, shared by every phase of a run.
///
/// Two implementations exist so a strategy can compare them: `StructuredConnectionBudget`
/// (scoped, cancellable, cannot leak) and `ShippedConnectionBudget` (NetMonitor's actor,
/// including its pre-ADR-016 hang on demand). Make one with `makeConnectionBudget`.
public protocol ConnectionBudget: Sendable {
    /// Runs `body` while holding one slot.
    ///
    /// The structured style releases the slot when `body` returns or throws, and a task cancelled
    /// while queued leaves the queue and throws `CancellationError`. The shipped style queues
    /// without regard to cancellation and releases in a fire-and-forget task afterwards.
    /// - Throws: what `body` throws, or `CancellationError` (structured style) when cancelled while queued.
    func withConnectionSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T

    /// The health numbers now.
    func diagnostics() async -> BudgetDiagnostics

    /// The configured limit before the thermal multiplier; nil when unlimited.
    var baseLimit: Int? { get }
}

/// Makes the budget a strategy asks for.
/// - Parameters:
///   - style: which implementation.
///   - limit: the base limit, or `.none`.
///   - thermal: the run's thermal multiplier.
///   - events: where budget events go.
public func makeConnectionBudget(
    style: BudgetStyle,
    limit: Limit,
    thermal: ThermalThrottle,
    events: (any EventSink)? = nil
) -> any ConnectionBudget {
    switch style {
    case .structured:
        StructuredConnectionBudget(limit: limit.value, thermal: thermal, events: events)
    case .shipped:
        ShippedConnectionBudget(limit: limit.value, thermal: thermal, conditionalWake: false, events: events)
    case .shippedConditionalWake:
        ShippedConnectionBudget(limit: limit.value, thermal: thermal, conditionalWake: true, events: events)
    }
}
