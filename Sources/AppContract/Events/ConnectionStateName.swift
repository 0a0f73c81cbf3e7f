/// The event log's name of a connection state: `connection_state`'s `state` field.
///
/// The raw values are the strings the log has always carried (docs/EVENTS.md), so logs written
/// before the payload was typed decode unchanged; readers match cases, never strings.
public enum ConnectionStateName: String, Sendable, Codable, Equatable, CaseIterable {
    case setup, preparing, waiting, ready, failed, cancelled

    /// True for the states after which a connection is no longer in flight (`failed`, `cancelled`).
    public var isTerminal: Bool { self == .failed || self == .cancelled }
}
