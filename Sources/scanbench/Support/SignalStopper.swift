import Dispatch

/// Blocks until SIGINT, SIGTERM or SIGHUP arrives, so a foreground command can clean up.
final class SignalStopper {
    private let semaphore = DispatchSemaphore(value: 0)
    private let trap: SignalTrap

    init() {
        let semaphore = self.semaphore
        trap = SignalTrap { semaphore.signal() }
    }

    func wait() { semaphore.wait() }
}
