import Foundation
import Synchronization

/// What a tool started beside the scan produced, handed from its thread to the run.
final class DuringScan: Sendable {
    private let state = Mutex<(ping: ScenarioTools.PingRun?, ports: ScenarioTools.PortsRun?, pending: Bool)>((nil, nil, false))

    func set(ping: ScenarioTools.PingRun?) { state.withLock { $0.ping = ping; $0.pending = false } }
    func set(ports: ScenarioTools.PortsRun?) { state.withLock { $0.ports = ports; $0.pending = false } }

    /// Marks a tool as started; `wait()` then waits for its result.
    func start() { state.withLock { $0.pending = true } }

    var ping: ScenarioTools.PingRun? { state.withLock { $0.ping } }
    var ports: ScenarioTools.PortsRun? { state.withLock { $0.ports } }

    /// Waits (up to 2 minutes) until a started tool has finished.
    func wait() async {
        for _ in 0..<1200 where state.withLock({ $0.pending }) {
            try? await Task.sleep(for: .milliseconds(100))
        }
    }
}
