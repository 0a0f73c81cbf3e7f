import Platform

/// Something that takes scan events: the JSONL `EventLog`, or a test's collector.
///
/// `record` is synchronous so that budgets, connections and phases can log from any context
/// without an actor hop (which would itself distort the timings being logged). The sink stamps
/// the event with `MonotonicClock.now()` when it is recorded.
public protocol EventSink: Sendable {
    /// Stamps and keeps `event`.
    func record(_ event: ScanEvent)
}
