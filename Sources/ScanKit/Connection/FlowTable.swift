import Synchronization

/// The process's Network.framework flows, counted in one place: every `ScanConnection` takes one
/// when it starts and gives it back when it fails or is cancelled (or is dropped), whatever phase
/// or tool made it. A platform profile's `max_flows` caps them; a connection started while the
/// process already holds that many gets no flow and goes to `waiting(ENOMEM)`.
///
/// The cap and what happens past it are Network.framework's per-process flow limit (Apple
/// Developer Forums thread 832004: "on most platforms that flow limit is 512", 1024 on macOS 26.4
/// and later; thread 803846: past it connections enter `waiting` with ENOMEM and stay there even
/// after other connections are deallocated). So a connection refused a flow does not get one
/// later: it waits until its owner cancels it, and it is not retried on a path change.
public final class FlowTable: Sendable {
    /// Flows the process may hold at once.
    public let limit: Int
    private let held = Mutex(0)
    private let peakHeld = Mutex(0)
    private let refused = Atomic<Int>(0)

    /// - Parameter limit: flows the process may hold at once (at least 1).
    public init(limit: Int) { self.limit = max(1, limit) }

    private static let installed = Mutex<FlowTable?>(nil)

    /// The process's table (nil: no limit, the `linux` profile).
    public static var current: FlowTable? { installed.withLock { $0 } }

    /// Puts a flow limit in force for the rest of the process (nil: none). Call once, before the
    /// app starts any connection.
    public static func install(limit: Int?) {
        installed.withLock { $0 = limit.map(FlowTable.init(limit:)) }
    }

    /// Takes a flow; false when the process already holds `limit` (the connection gets none).
    func acquire() -> Bool {
        let granted = held.withLock { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        if granted {
            let now = held.withLock { $0 }
            peakHeld.withLock { $0 = max($0, now) }
        } else {
            refused.add(1, ordering: .relaxed)
        }
        return granted
    }

    /// Gives a flow back.
    func release() { held.withLock { $0 = max(0, $0 - 1) } }

    /// Flows held now, the most held at once, and the connections refused one so far.
    public var inUse: Int { held.withLock { $0 } }
    public var peak: Int { peakHeld.withLock { $0 } }
    public var refusals: Int { refused.load(ordering: .relaxed) }
}
