import Foundation
import Glibc
import Testbed

/// On Ctrl-C (or SIGTERM) during `scanbench run`, removes the testbeds the run started before
/// exiting, so an interrupted run leaves nothing behind.
final class RunInterrupt {
    private let trap: SignalTrap

    init() {
        trap = SignalTrap {
            Terminal.progress("interrupted: removing this run's testbeds")
            for id in TestbedState.allIDs() where id.hasPrefix("run") {
                TestbedCleaner.remove(id: id, log: Terminal.progress)
            }
            exit(130)
        }
    }

    func disarm() { trap.cancel() }
}
