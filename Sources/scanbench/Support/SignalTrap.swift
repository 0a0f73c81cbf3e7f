import Dispatch
import Glibc

/// Catches SIGINT, SIGTERM and SIGHUP and runs `handler` (on a global queue) instead of dying,
/// so a command can clean up; `cancel()` restores the default behaviour.
final class SignalTrap {
    static let signals = [SIGINT, SIGTERM, SIGHUP]
    private let sources: [any DispatchSourceSignal]

    init(handler: @escaping @Sendable () -> Void) {
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
