import AppContract
import Platform
import AppInputs

/// Discovery state in its own actor (`isolation: own_actor`, the review's priority 1): the
/// throttle runs here and only a publish hops to the main actor, where the UI model's work is
/// the main-thread busy time.
actor DiscoveryStateActor {
    private var bookkeeping: PublishBookkeeping
    private let events: (any EventSink)?
    private var ui: DeviceListModel?

    var report: PublishingModel.Cost { bookkeeping.report }

    init(settings: Strategy.Publishing, events: (any EventSink)?) {
        bookkeeping = PublishBookkeeping(settings)
        self.events = events
    }

    func handle(_ item: PublishingModel.Item, devices: [DiscoveredDevice]) async {
        let publishes = bookkeeping.publishes(for: item, devices: devices, nowNs: MonotonicClock.now())
        guard !publishes.isEmpty else { return }
        let existing = ui
        let progress = bookkeeping.progress
        let (model, spent) = await MainActor.run { () -> (DeviceListModel, [UInt64]) in
            let model = existing ?? DeviceListModel()
            var spent: [UInt64] = []
            for publish in publishes {
                let start = MonotonicClock.now()
                model.handle(publish, devices: devices, progress: progress)
                spent.append(MonotonicClock.now() - start)
            }
            return (model, spent)
        }
        ui = model
        for (publish, busy) in zip(publishes, spent) {
            bookkeeping.record(publish, devices: devices.count, busyNs: busy, events: events)
            bookkeeping.addMainBusy(busy)
        }
    }
}
