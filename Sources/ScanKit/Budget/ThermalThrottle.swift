import AppContract
import Platform
import Synchronization
import AppInputs

/// The current thermal multiplier of a run, changeable while the run goes on.
///
/// A lock-protected object like NetMonitor's monitor, so limits can be read synchronously from
/// anywhere. Observers (the structured budget) are told about every change so that a raised
/// limit admits waiters at once.
public final class ThermalThrottle: Sendable {
    private struct State {
        var current: ThermalState
        var observers: [@Sendable (ThermalState) -> Void] = []
    }

    private let state: Mutex<State>
    private let events: (any EventSink)?

    /// - Parameters:
    ///   - initial: the state at the start of the run.
    ///   - events: where `thermal_change` events go.
    public init(_ initial: ThermalState = .nominal, events: (any EventSink)? = nil) {
        state = Mutex(State(current: initial))
        self.events = events
    }

    /// The state now.
    public var current: ThermalState { state.withLock { $0.current } }

    /// The multiplier now (1.0, 0.5 or 0.25).
    public var multiplier: Double { current.multiplier }

    /// `max(1, floor(base × multiplier))` with the multiplier now.
    public func effectiveLimit(_ base: Int) -> Int { current.effectiveLimit(base) }

    /// Changes the state and tells every observer (outside the lock).
    public func set(_ newState: ThermalState) {
        let observers = state.withLock { state -> [@Sendable (ThermalState) -> Void] in
            state.current = newState
            return state.observers
        }
        events?.record(.thermalChange(.init(state: newState, multiplier: newState.multiplier)))
        for observer in observers { observer(newState) }
    }

    /// Calls `observer` after every later `set`.
    public func observe(_ observer: @escaping @Sendable (ThermalState) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Plays a scripted sequence of thermal changes, each at its offset from now, until the
    /// script ends or the calling task is cancelled.
    public func play(_ script: [ThermalStep]) async {
        let start = MonotonicClock.now()
        for step in script.sorted(by: { $0.atSeconds < $1.atSeconds }) {
            do {
                try await MonotonicClock.sleep(until: start + MonotonicClock.nanoseconds(step.atSeconds))
            } catch {
                return
            }
            set(step.state)
        }
    }
}
