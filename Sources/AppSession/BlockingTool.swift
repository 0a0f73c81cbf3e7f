import Foundation
import Platform
import ScanKit

/// Runs one of NetMonitor's blocking tools (traceroute, DNS, WHOIS: each an actor doing blocking
/// socket I/O, spec §5.2–§5.6) on a thread of its own, so it never holds a thread of Swift's
/// cooperative pool, and hands its result to the strategy's executor as its callback — the moment
/// the tool's duration ends, as a user would see it.
enum BlockingTool {
    /// `work`'s value and the milliseconds from its start to its result running on `callbacks`.
    static func run<Value: Sendable>(
        on callbacks: CallbackQueue,
        _ work: @escaping @Sendable () -> Value
    ) async -> (value: Value, durationMs: Double) {
        let started = MonotonicClock.now()
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let value = work()
                callbacks.run {
                    continuation.resume(returning: (value, Double(MonotonicClock.now() - started) / 1e6))
                }
            }
        }
    }
}
