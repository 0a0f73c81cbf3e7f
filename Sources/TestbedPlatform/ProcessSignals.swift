import CTestbedShims
import Glibc

/// Signal dispositions a testbed process sets once at start (handlers that run code are
/// ``SignalTrap``'s).
public enum ProcessSignals {
    /// Writing to a peer that closed gives EPIPE instead of killing the process: a service
    /// agent's client may hang up at any moment.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Asks the kernel to send `signal` to this process when the thread that started it exits,
    /// so a service agent never outlives its testbed controller (even one killed with SIGKILL).
    ///
    /// The child sets it on itself after exec (no spawner we use runs code between fork and
    /// exec); that leaves a window at its start in which a dying parent goes unnoticed, which
    /// `testbed down` covers by killing what is left in the namespaces.
    /// - Returns: false when the kernel refused it.
    @discardableResult
    public static func deliverOnParentDeath(_ signal: Int32) -> Bool {
        scanbench_set_parent_death_signal(signal) == 0
    }

    /// Stops processes politely, then for sure: SIGTERM to each, up to `grace` for them to exit
    /// (checked every 10 ms with `isAlive`), SIGKILL to those still alive.
    ///
    /// `isAlive` defaults to `kill(pid, 0)`, right for processes we did not spawn; a parent must
    /// pass a check that reaps its children, since a zombie still answers `kill(pid, 0)`.
    public static func terminate(_ pids: [Int32], grace: Duration, isAlive: (Int32) -> Bool = { kill($0, 0) == 0 }) {
        for pid in pids { kill(pid, SIGTERM) }
        let deadline = ContinuousClock.now + grace
        while pids.contains(where: isAlive), ContinuousClock.now < deadline { usleep(10_000) }
        for pid in pids where isAlive(pid) { kill(pid, SIGKILL) }
    }
}
