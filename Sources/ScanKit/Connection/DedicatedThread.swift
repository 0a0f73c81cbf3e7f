import Platform
import Foundation
import Synchronization

/// One thread that runs closures in order, started with a raised scheduling priority.
final class DedicatedThread: Sendable {
    private let queue = Mutex<[@Sendable () -> Void]>([])
    private let signal = DispatchSemaphore(value: 0)

    init(name: String) {
        let thread = Thread { [self] in
            CurrentThread.setNice(-10)  // needs root; a no-op otherwise
            while true {
                signal.wait()
                let next = queue.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                next?()
            }
        }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    func enqueue(_ work: @escaping @Sendable () -> Void) {
        queue.withLock { $0.append(work) }
        signal.signal()
    }
}
