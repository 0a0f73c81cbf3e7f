import AppContract
import Synchronization
import ScanKit

/// An event sink in front of the app's log that remembers which phases have started and not
/// ended, so a hung session can say which phase waited.
final class PhaseTracker: EventSink {
    private let next: (any EventSink)?
    private let tally = Mutex(EventTally())

    init(forwardingTo next: (any EventSink)?) { self.next = next }

    /// Phases started and not ended, in start order.
    var openPhases: [String] { tally.withLock { $0.openPhases } }

    func record(_ event: ScanEvent) {
        tally.withLock { $0.add(event, at: 0) }
        next?.record(event)
    }
}
