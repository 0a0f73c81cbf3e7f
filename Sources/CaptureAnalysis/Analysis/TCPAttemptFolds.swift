import CaptureFiles

/// The `TCPAttemptFold` of each initiator, or only of the scanner when it is known up front
/// (the scanner may be inferred only at the end, so without it every initiator is folded).
struct TCPAttemptFolds: Sendable {
    /// The only initiator folded, when known.
    private let only: UInt32?
    /// A new initiator's fold.
    private let empty: TCPAttemptFold
    private var folds: AddressTable<TCPAttemptFold>

    init(only: UInt32?, listsAttempts: Bool, abandonAfter: Int64) {
        self.only = only
        empty = TCPAttemptFold(listsAttempts: listsAttempts, abandonAfter: abandonAfter)
        folds = AddressTable(empty: empty, capacity: 4)
    }

    mutating func opened(initiator: UInt32, at time: Int64) {
        guard only == nil || only == initiator else { return }
        folds.values[folds.index(of: initiator)].opened(at: time)
    }

    mutating func answered(initiator: UInt32, firstSyn: Int64, at time: Int64, open: Bool) {
        guard only == nil || only == initiator else { return }
        folds.values[folds.index(of: initiator)].answered(firstSyn: firstSyn, at: time, open: open)
    }

    mutating func add(_ attempt: TCPAttempt, serial: Int) {
        guard only == nil || only == attempt.initiator.value else { return }
        folds.values[folds.index(of: attempt.initiator.value)].add(attempt, serial: serial)
    }

    mutating func flush(before watermark: Int64) {
        for i in folds.values.indices { folds.values[i].flush(before: watermark) }
    }

    /// The fold of `initiator`'s attempts (empty when it opened none).
    func fold(of initiator: UInt32?) -> TCPAttemptFold {
        initiator.flatMap { folds.value(of: $0) } ?? empty
    }
}
