import Synchronization

/// A flag that service loops poll to know when to stop, plus a count of live connections.
final class StopSignal: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let connections = Atomic<Int>(0)

    /// True once ``stop()`` was called.
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    func stop() { stopped.store(true, ordering: .releasing) }

    /// Claims a connection slot; false when `limit` connections are already live.
    func claimConnection(limit: Int) -> Bool {
        let now = connections.wrappingAdd(1, ordering: .relaxed).newValue
        if now > limit {
            connections.wrappingSubtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    func releaseConnection() { connections.wrappingSubtract(1, ordering: .relaxed) }
}
