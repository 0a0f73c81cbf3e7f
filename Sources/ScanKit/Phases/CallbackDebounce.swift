/// Holds callback results and releases them together one interval after the first one arrived —
/// NetMonitor's Bonjour batching (`bonjour.callback_debounce_ms`, docs/STRATEGIES.md): the first
/// browser change arms a flush (`guard flushTask == nil`), later changes join the buffer, and one
/// interval later the flush hands over everything held. So it is not a trailing debounce: a steady
/// stream still flushes once per interval, and no result waits longer than the interval.
///
/// Pure: the caller passes the times (`BonjourResultBatch` sleeps until `dueNs`).
public struct CallbackDebounce<Item: Sendable>: Sendable {
    public let intervalNs: UInt64
    /// What is held, oldest first.
    public private(set) var pending: [Item] = []
    /// When the armed flush is due; nil when nothing is held.
    public private(set) var dueNs: UInt64?

    public init(intervalMs: Int) { intervalNs = UInt64(max(0, intervalMs)) * 1_000_000 }

    /// Holds `item`, received at `nowNs`.
    /// - Returns: the due time when this item armed the flush, nil when one was already armed.
    @discardableResult
    public mutating func add(_ item: Item, nowNs: UInt64) -> UInt64? {
        pending.append(item)
        guard dueNs == nil else { return nil }
        dueNs = nowNs + intervalNs
        return dueNs
    }

    /// Everything held, when the armed flush is due at `nowNs`; nothing otherwise.
    public mutating func flush(nowNs: UInt64) -> [Item] {
        guard let due = dueNs, nowNs >= due else { return [] }
        return drain()
    }

    /// Everything held, due or not (a phase's end is a flush point), and disarms.
    public mutating func drain() -> [Item] {
        defer {
            pending = []
            dueNs = nil
        }
        return pending
    }
}
