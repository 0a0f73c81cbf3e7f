import ArgumentParser
import Foundation
import Glibc
import Synchronization
import Testbed
import TestbedPlatform

/// On Ctrl-C (or SIGTERM) during `scanbench run`, removes the testbeds this run started (and no
/// other run's) before exiting, so an interrupted run leaves nothing behind.
final class RunInterrupt {
    /// The ids of the testbeds the run started, filled from the harness's threads.
    final class Started: Sendable {
        private let ids = Mutex<[String]>([])
        private let interrupted = Mutex(false)
        func add(_ id: String) { ids.withLock { $0.append(id) } }
        var all: [String] { ids.withLock { $0 } }
        fileprivate func markInterrupted() { interrupted.withLock { $0 = true } }
        fileprivate var isInterrupted: Bool { interrupted.withLock { $0 } }
    }

    let started = Started()
    private let trap: SignalTrap

    init() {
        let started = self.started
        trap = SignalTrap {
            started.markInterrupted()
            Terminal.progress("interrupted: removing this run's testbeds")
            for id in started.all { TestbedCleaner.remove(id: id, log: Terminal.progress) }
            exit(130)
        }
    }

    func disarm() { trap.cancel() }

    /// Blocks for good when the run was interrupted: the handler is cleaning up and will exit.
    func holdIfInterrupted() {
        while started.isInterrupted { sleep(60) }
    }

    /// Runs a command that brings LANs up (`run`, `ablate`) with the trap armed before anything
    /// starts. Once interrupted, the handler is removing the LANs and exits with 130, so the
    /// failures the removal causes here wait for it; any other error ends the command with its
    /// message (usage errors and exit codes pass through to ArgumentParser).
    static func guarding(_ body: (RunInterrupt) async throws -> Void) async throws {
        let interrupt = RunInterrupt()
        do {
            try await body(interrupt)
            interrupt.disarm()
        } catch {
            interrupt.holdIfInterrupted()
            switch error {
            case let error as ExitCode: throw error
            case let error as ValidationError: throw error
            default: Terminal.fail(Terminal.describe(error))
            }
        }
    }
}
