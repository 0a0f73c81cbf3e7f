import Synchronization

/// A value delivered at most once, awaited by one task. The first `deliver` wins; later ones
/// are ignored. Waiting after delivery returns at once.
///
/// The engine races a phase, its deadline and scan cancellation through one of these, so the
/// waiter returns when the first of them happens — without waiting for the others to finish.
final class OneShot<Value: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, Never>)
        case delivered(Value)
    }

    private let state = Mutex<State>(.empty)

    /// - Returns: true if this call delivered the value.
    @discardableResult
    func deliver(_ value: Value) -> Bool {
        let continuation = state.withLock { state -> CheckedContinuation<Value, Never>?? in
            switch state {
            case .empty:
                state = .delivered(value)
                return .some(nil)
            case .waiting(let continuation):
                state = .delivered(value)
                return .some(continuation)
            case .delivered:
                return .none
            }
        }
        guard let continuation else { return false }
        continuation?.resume(returning: value)
        return true
    }

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Value? in
                switch state {
                case .empty:
                    state = .waiting(continuation)
                    return nil
                case .delivered(let value):
                    return value
                case .waiting:
                    preconditionFailure("OneShot awaited twice")
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
