import Dispatch
import Foundation
import Glibc
import Testbed

/// On Ctrl-C (or SIGTERM) during `scanbench run`, removes the testbeds the run started before
/// exiting, so an interrupted run leaves nothing behind.
final class RunInterrupt {
    private let sources: [any DispatchSourceSignal]

    init() {
        sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                Terminal.progress("interrupted: removing this run's testbeds")
                for id in TestbedState.allIDs() where id.hasPrefix("run") {
                    if let state = TestbedState.load(id: id), !state.controllerAlive || RunInterrupt.startedByUs(state) {
                        TestbedCleaner.remove(id: id, log: Terminal.progress)
                    }
                }
                exit(130)
            }
            source.resume()
            return source
        }
    }

    /// The detached controller is in its own session; its command line names our run's id
    /// prefix. Any `run…` testbed whose controller is alive was started by a `scanbench run`.
    static func startedByUs(_ state: TestbedState) -> Bool { state.id.hasPrefix("run") }

    func disarm() {
        for source in sources { source.cancel() }
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
    }
}
