import Platform

/// `bonjour.callback_debounce_ms` at work: the Bonjour phase's resolve results are held in a
/// `CallbackDebounce` and handed to the accumulator in one batch, with one progress report, when
/// the flush falls due — so the publishing path sees one larger update instead of one per resolve.
///
/// In NetMonitor's batching the buffer sat between NWBrowser callbacks and the `@Observable`
/// service list; in this port the phase polls the browser (spec §2.3 step 1) and its results reach
/// the UI only through the accumulator and the progress callback, so the buffer sits there.
actor BonjourResultBatch {
    /// One finished resolve: its device, if the subnet filter accepted one, and the phase
    /// progress after it.
    struct Result: Sendable {
        var device: DiscoveredDevice?
        var fraction: Double
    }

    private var debounce: CallbackDebounce<Result>
    private var timer: Task<Void, Never>?
    private let accumulator: ScanAccumulator
    private let progress: @Sendable (Double) -> Void

    init(intervalMs: Int, accumulator: ScanAccumulator, progress: @escaping @Sendable (Double) -> Void) {
        debounce = CallbackDebounce(intervalMs: intervalMs)
        self.accumulator = accumulator
        self.progress = progress
    }

    /// Holds `result`; the first one held arms the flush.
    func hold(_ result: Result) {
        debounce.add(result, nowNs: MonotonicClock.now())
        guard timer == nil else { return }
        timer = Task { await self.flushWhenDue() }
    }

    /// Hands over whatever is still held (the phase ended) after a flush under way.
    func finish() async {
        let pending = timer
        pending?.cancel()
        await pending?.value
        await handOver(debounce.drain())
    }

    private func flushWhenDue() async {
        while let due = debounce.dueNs {
            let now = MonotonicClock.now()
            guard now >= due else {
                do { try await Task.sleep(for: .nanoseconds(due - now)) } catch { break }
                continue
            }
            await handOver(debounce.flush(nowNs: now))
        }
        timer = nil
    }

    private func handOver(_ results: [Result]) async {
        guard let last = results.last else { return }
        let devices = results.compactMap(\.device)
        if !devices.isEmpty { await accumulator.upsert(contentsOf: devices) }
        progress(last.fraction)
    }
}
