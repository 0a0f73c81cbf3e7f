import Dispatch
import Glibc

/// Blocks until SIGINT, SIGTERM or SIGHUP arrives, so a foreground command can clean up.
final class SignalStopper {
    private let semaphore = DispatchSemaphore(value: 0)
    private let sources: [any DispatchSourceSignal]

    init() {
        let semaphore = self.semaphore
        sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { semaphore.signal() }
            source.resume()
            return source
        }
    }

    func wait() { semaphore.wait() }
}
