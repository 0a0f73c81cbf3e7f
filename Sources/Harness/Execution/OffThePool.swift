import Foundation

/// Runs blocking work (a child process, a teardown) on a thread of its own, so that lanes
/// waiting on it never hold the cooperative pool the other lanes need.
enum OffThePool {
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// For work that cannot fail.
    static func run(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { continuation in
            Thread {
                work(); continuation.resume()
            }.start()
        }
    }
}
