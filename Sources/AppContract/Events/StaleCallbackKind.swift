/// Which callback of an earlier session's Bonjour browser arrived late: `stale_callback`'s `kind`.
///
/// The raw values are the strings the log has always carried (docs/EVENTS.md).
public enum StaleCallbackKind: String, Sendable, Codable, Equatable, CaseIterable {
    /// An mDNS response the old browser received.
    case answer
    /// The old browser's query timer (its next tier's start).
    case timer
}
