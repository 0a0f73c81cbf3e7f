import Foundation
import Synchronization

/// What a tool started beside the scan produced, handed from its thread to the run: its result,
/// or why it failed (never swallowed: the run is marked failed with the tool's message).
final class DuringScan: Sendable {
    private struct State {
        var ping: ScenarioTools.PingRun?
        var ports: ScenarioTools.PortsRun?
        var failure: String?
        var pending = false
    }

    private let state = Mutex(State())

    func set(ping: ScenarioTools.PingRun?) { state.withLock { $0.ping = ping; $0.pending = false } }
    func set(ports: ScenarioTools.PortsRun?) { state.withLock { $0.ports = ports; $0.pending = false } }
    func set(failure: any Error) { state.withLock { $0.failure = "\(failure)"; $0.pending = false } }

    /// Marks a tool as started; `wait()` then waits for its result.
    func start() { state.withLock { $0.pending = true } }

    var ping: ScenarioTools.PingRun? { state.withLock { $0.ping } }
    var ports: ScenarioTools.PortsRun? { state.withLock { $0.ports } }
    /// The tool's error, when it failed.
    var failure: String? { state.withLock { $0.failure } }

    /// Waits (up to 2 minutes) until a started tool has finished.
    func wait() async {
        for _ in 0..<1200 where state.withLock({ $0.pending }) {
            try? await Task.sleep(for: .milliseconds(100))
        }
    }
}
