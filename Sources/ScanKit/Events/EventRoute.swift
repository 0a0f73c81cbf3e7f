import AppContract
import Synchronization

/// An event sink that forwards to a target that can change (the running scan's statistics),
/// else to a fallback.
public final class EventRoute: EventSink {
    private let fallback: (any EventSink)?
    private let target: Mutex<(any EventSink)?> = Mutex(nil)

    public init(fallback: (any EventSink)?) { self.fallback = fallback }

    /// Sends events to `sink` from now on; nil sends them to the fallback again.
    public func route(to sink: (any EventSink)?) { target.withLock { $0 = sink } }

    /// Sends events to the fallback again if they still go to `sink`: a cancelled scan that ends
    /// after a rescan began must not take the new scan's route away.
    public func unroute(from sink: any EventSink & AnyObject) {
        target.withLock { target in
            if let current = target as? AnyObject, current === sink { target = nil }
        }
    }

    public func record(_ event: ScanEvent) {
        (target.withLock { $0 } ?? fallback)?.record(event)
    }
}
