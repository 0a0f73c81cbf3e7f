import AppContract

/// Which `ConnectionBudget` implementation a run uses.
public enum BudgetStyle: String, Sendable, Codable, CaseIterable, StrategyChoice {
    /// `StructuredConnectionBudget`: scoped slots, cancellable waiters; cannot leak (ADR-016's
    /// planned "2.0 proper fix", never shipped by NetMonitor).
    case structured
    /// `ShippedConnectionBudget` as of commit 80151c8 (2026-02-16): non-cancellable FIFO waiters,
    /// release in a fire-and-forget task, release wakes the oldest waiter unconditionally.
    case shipped
    /// The same, before the fix: release wakes a waiter only while `active < effective limit`,
    /// which hangs when the thermal limit drops while slots are held (ADR-016).
    case shippedConditionalWake = "shipped_conditional_wake"
}
