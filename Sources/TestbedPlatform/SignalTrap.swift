import Dispatch
import Glibc

/// Catches the signals that ask a process to stop (SIGINT, SIGTERM, SIGHUP) instead of dying, so
/// a command can clean up first: the one place our processes install signal handlers.
///
/// Delivery goes through Dispatch signal sources (the handler runs on a global queue, not in a
/// signal handler, so it may take locks and allocate). `wait()` blocks until a signal arrived;
/// `cancel()` gives the signals back their default behaviour.
///
/// Sendable: it holds only constants, and Dispatch sources and semaphores are used from any thread.
public final class SignalTrap: @unchecked Sendable {
    /// The signals a user or a supervisor sends to stop us.
    public static let stopSignals = [SIGINT, SIGTERM, SIGHUP]

    private let sources: [any DispatchSourceSignal]
    private let arrived = DispatchSemaphore(value: 0)

    /// Starts catching the stop signals; `handler` (if any) runs for each one that arrives.
    public init(handler: (@Sendable () -> Void)? = nil) {
        let arrived = arrived
        sources = Self.stopSignals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                handler?()
                arrived.signal()
            }
            source.resume()
            return source
        }
    }

    /// Blocks the calling thread until a stop signal arrives.
    public func wait() { arrived.wait() }

    /// Releases `wait()` as a stop signal would (without running the handler): a stop that comes
    /// from elsewhere, such as the end of the process a testbed controller serves.
    public func release() { arrived.signal() }

    /// Stops catching: the stop signals end the process again.
    public func cancel() {
        for source in sources { source.cancel() }
        for number in Self.stopSignals { signal(number, SIG_DFL) }
    }
}
