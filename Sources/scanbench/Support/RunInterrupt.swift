import ArgumentParser
import Foundation
import Synchronization
import Testbed
import TestbedPlatform
import Platform

/// On Ctrl-C (or SIGTERM) during `scanbench run`, removes the testbeds this run started (and no
/// other run's) before exiting, so an interrupted run leaves nothing behind.
final class RunInterrupt {
    /// The ids of the testbeds the run started, filled from the harness's threads.
    final class Started: Sendable {
        /// The ids, and whether the handler has taken them: one lock, so an id is either taken
        /// by the handler or never brought up.
        private let state = Mutex<(ids: [String], interrupted: Bool)>(([], false))

        /// Records `id` before its LAN comes up; once interrupted, blocks instead (the handler is
        /// exiting), so no LAN starts that the handler would not remove.
        func add(_ id: String) {
            let accepted = state.withLock { state in
                if !state.interrupted { state.ids.append(id) }
                return !state.interrupted
            }
            if !accepted { while true { CurrentThread.sleep(milliseconds: 60_000) } }
        }

        var all: [String] { state.withLock { $0.ids } }

        /// Marks the run interrupted and returns the ids to remove.
        fileprivate func interrupt() -> [String] {
            state.withLock { state in
                state.interrupted = true
                return state.ids
            }
        }

        fileprivate var isInterrupted: Bool { state.withLock { $0.interrupted } }
    }

    let started = Started()
    private let trap: SignalTrap

    /// - Parameter resumeHint: said after the clean-up ("resume with the same command"), nil for
    ///   a command that cannot resume.
    init(resumeHint: String? = nil) {
        let started = self.started
        trap = SignalTrap {
            let ids = started.interrupt()
            Terminal.progress("interrupted: removing this run's testbeds")
            for id in ids { TestbedCleaner.remove(id: id, log: Terminal.progress) }
            if let resumeHint {
                Terminal.progress("interrupted: the runs so far are kept in results.json; \(resumeHint)")
            }
            ProcessControl.exit(130)
        }
    }

    func disarm() { trap.cancel() }

    /// Blocks for good when the run was interrupted: the handler is cleaning up and will exit.
    func holdIfInterrupted() {
        while started.isInterrupted { CurrentThread.sleep(milliseconds: 60_000) }
    }

    /// Runs a command that brings LANs up (`run`, `ablate`) with the trap armed before anything
    /// starts. Once interrupted, the handler is removing the LANs and exits with 130, so the
    /// failures the removal causes here wait for it; any other error ends the command with its
    /// message (usage errors and exit codes pass through to ArgumentParser).
    static func guarding(resumeHint: String? = nil, _ body: (RunInterrupt) async throws -> Void) async throws {
        let interrupt = RunInterrupt(resumeHint: resumeHint)
        do {
            try await body(interrupt)
            interrupt.disarm()
        } catch {
            interrupt.holdIfInterrupted()
            switch error {
            case let error as ExitCode: throw error
            case let error as ValidationError: throw error
            // Refused before anything ran: the command prints it and exits 2 (RunExitStatus.inputError).
            case let error as RunCommand.PlanRefusal: throw error
            default: Terminal.fail(Terminal.describe(error))
            }
        }
    }
}
