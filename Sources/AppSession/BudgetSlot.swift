import Dispatch
import NetTools
import ScanKit
import Synchronization

/// The app's connection budget as the deep probe's `ConnectionSlot`: the probe's threads block,
/// the budget is async. Each connect asks the budget for a slot in a task of its own whose body
/// waits — on a continuation, never blocking a concurrency worker — until the blocking connect
/// (and its exchange) gives it back; so the slot is held exactly as long as a `PortProbe`'s.
enum BudgetSlot {
    static func holding(_ budget: any ConnectionBudget) -> ConnectionSlot {
        ConnectionSlot {
            let granted = DispatchSemaphore(value: 0)
            let latch = Latch()
            Task {
                _ = try? await budget.withConnectionSlot {
                    await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
                        latch.arm(resume)
                        granted.signal()
                    }
                }
                // Refused before the slot was held (a structured budget's queue cancelled): the
                // connect runs anyway, unbudgeted, rather than never.
                if !latch.wasArmed { granted.signal() }
            }
            granted.wait()
            return { latch.fire() }
        }
    }

    /// The continuation that gives the slot back once the connect is over.
    private final class Latch: Sendable {
        private let state = Mutex<(resume: CheckedContinuation<Void, Never>?, armed: Bool)>((nil, false))

        func arm(_ resume: CheckedContinuation<Void, Never>) { state.withLock { $0 = (resume, true) } }

        var wasArmed: Bool { state.withLock { $0.armed } }

        func fire() {
            let resume = state.withLock { s -> CheckedContinuation<Void, Never>? in
                defer { s.resume = nil }
                return s.resume
            }
            resume?.resume()
        }
    }
}
