/// How the deep probe takes a slot of its caller's connection budget around each TCP connect
/// (and the exchange on it): `scanbench probe` takes none; the app (`scanbench-app`'s classify
/// step) holds one slot of its one `ConnectionBudget` per connect, as the scan and the tools
/// do, so the probe competes for the budget as it would on the phone. NetTools knows nothing of
/// the app: the hook is a blocking closure that runs its argument while holding a slot.
public struct ConnectionSlot: Sendable {
    /// Runs its argument, blocking, while holding one slot; returns when it has returned and the
    /// slot is given back (or handed on).
    let hold: @Sendable (() -> Void) -> Void
    /// Whether a slot is taken at all (the quick scan keeps its multiplexed connects without one).
    public let isNone: Bool

    /// A slot taken by `hold`, which must run its argument exactly once, on the calling thread.
    public init(_ hold: @escaping @Sendable (() -> Void) -> Void) {
        self.hold = hold
        isNone = false
    }

    private init() {
        hold = { $0() }
        isNone = true
    }

    /// No slot: every connect runs at once (`scanbench probe`).
    public static let none = ConnectionSlot()

    /// `body`'s value, computed while holding one slot.
    public func run<T>(_ body: () -> T) -> T {
        var value: T?
        hold { value = body() }
        return value!
    }
}
