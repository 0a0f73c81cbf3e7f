/// What the Bonjour service did with a stale callback: `stale_callback`'s `action`.
///
/// The raw values are the strings the log has always carried (docs/EVENTS.md).
public enum StaleCallbackAction: String, Sendable, Codable, Equatable, CaseIterable {
    /// Dropped (`bonjour.generation_check: true`).
    case discarded
    /// Let through to the current session's service list, as NetMonitor did.
    case applied
}
