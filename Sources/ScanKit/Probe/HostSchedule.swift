import AppInputs

/// Runs one task per host, `width` at a time, in the shape `tcp.batching` names.
public enum HostSchedule {
    /// - Parameters:
    ///   - items: the hosts, in order.
    ///   - width: hosts at once (at least 1).
    ///   - batching: `sliding`: the next host starts as soon as any ends; `barrier`: the next
    ///     `width` hosts start only when every task of the current batch has ended.
    ///   - work: the task for one host; its result goes to `ended`.
    ///   - ended: called in the caller's task as each host's task ends, in the order they end.
    public static func run<Item: Sendable, Result: Sendable>(
        _ items: [Item],
        width: Int,
        batching: Strategy.HostBatching,
        work: @escaping @Sendable (Item) async -> Result,
        ended: (Result) -> Void
    ) async {
        let width = max(width, 1)
        switch batching {
        case .sliding:
            await withTaskGroup(of: Result.self) { group in
                var next = 0
                func startNext() {
                    guard next < items.count else { return }
                    let item = items[next]
                    next += 1
                    group.addTask { await work(item) }
                }
                for _ in 0..<min(width, items.count) { startNext() }
                while let result = await group.next() {
                    ended(result)
                    if !Task.isCancelled { startNext() }
                }
            }
        case .barrier:
            for start in stride(from: 0, to: items.count, by: width) {
                if Task.isCancelled { return }
                let batch = items[start..<min(start + width, items.count)]
                await withTaskGroup(of: Result.self) { group in
                    for item in batch { group.addTask { await work(item) } }
                    for await result in group { ended(result) }
                }
            }
        }
    }
}
