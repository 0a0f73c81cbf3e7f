import Synchronization

/// An event sink that forwards to a target that can change (the running scan's statistics),
/// else to a fallback.
public final class EventRoute: EventSink {
    private let fallback: (any EventSink)?
    private let target: Mutex<(any EventSink)?> = Mutex(nil)

    public init(fallback: (any EventSink)?) { self.fallback = fallback }

    /// Sends events to `sink` from now on; nil sends them to the fallback again.
    public func route(to sink: (any EventSink)?) { target.withLock { $0 = sink } }

    public func record(_ event: ScanEvent) {
        (target.withLock { $0 } ?? fallback)?.record(event)
    }
}
