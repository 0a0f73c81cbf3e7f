import Synchronization
import ScanKit

/// An event sink in front of the app's log that remembers which phases have started and not
/// ended, so a hung session can say which phase waited.
final class PhaseTracker: EventSink {
    private let next: (any EventSink)?
    private let open = Mutex<[String]>([])

    init(forwardingTo next: (any EventSink)?) { self.next = next }

    /// Phases started and not ended, in start order.
    var openPhases: [String] { open.withLock { $0 } }

    func record(_ event: ScanEvent) {
        switch event {
        case .phaseStart(let start): open.withLock { $0.append(start.phase) }
        case .phaseEnd(let end): open.withLock { $0.removeAll { $0 == end.phase } }
        default: break
        }
        next?.record(event)
    }
}
