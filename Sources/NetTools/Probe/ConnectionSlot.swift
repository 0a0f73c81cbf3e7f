/// How the deep probe takes a slot of its caller's connection budget around each TCP connect
/// (and the exchange on it): `scanbench probe` takes none; the app (`scanbench-app`'s classify
/// step) holds one slot of its one `ConnectionBudget` per connect, as the scan and the tools
/// do, so the probe competes for the budget as it would on the phone. NetTools knows nothing of
/// the app: the hook is a blocking closure that returns once a slot is held, with what gives it back.
public struct ConnectionSlot: Sendable {
    /// Blocks until a slot is held; returns the closure that gives it back (call it once).
    public typealias Acquire = @Sendable () -> @Sendable () -> Void

    let acquire: Acquire
    /// Whether a slot is taken at all (the quick scan keeps its multiplexed connects without one).
    public let isNone: Bool

    /// Slots taken by `acquire`.
    public init(acquire: @escaping Acquire) {
        self.acquire = acquire
        isNone = false
    }

    private init() {
        acquire = { {} }
        isNone = true
    }

    /// No slot: every connect runs at once (`scanbench probe`).
    public static let none = ConnectionSlot()

    /// Blocks until a slot is held; returns what gives it back.
    public func take() -> @Sendable () -> Void { acquire() }

    /// `body`'s value, computed while holding one slot.
    public func run<T>(_ body: () -> T) -> T {
        let release = acquire()
        defer { release() }
        return body()
    }
}
