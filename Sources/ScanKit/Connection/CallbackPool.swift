import Foundation
import Synchronization

/// A fixed number of threads running closures first in, first out: the dispatch pool a platform
/// profile says Network.framework delivers shared-queue callbacks on (`callback_pool_width`).
///
/// On an iPhone the scan's connections start on one concurrent queue (spec §1.1,
/// `com.netmonitor.scan`) and the review baseline's tools on `.global()`: both are served by
/// GCD's global pool, whose parallelism for a QoS is about the number of CPUs. Here that pool is
/// `width` threads at normal priority; a callback queued behind others waits for a thread, which
/// is the delay the review's problem 3.2 blames for ping inflation. The threads share this
/// machine's cores with everything else (docs/PLATFORMS.md says what that cannot reproduce).
final class CallbackPool: Sendable {
    private let queue = Mutex<[@Sendable () -> Void]>([])
    private let signal = DispatchSemaphore(value: 0)
    let width: Int

    init(width: Int, name: String) {
        self.width = width
        for index in 0..<max(1, width) {
            let thread = Thread { [self] in
                while true {
                    signal.wait()
                    let next = queue.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                    next?()
                }
            }
            thread.name = "\(name)-\(index)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    func enqueue(_ work: @escaping @Sendable () -> Void) {
        queue.withLock { $0.append(work) }
        signal.signal()
    }
}
