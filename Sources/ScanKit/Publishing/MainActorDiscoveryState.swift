import AppContract
import Platform
import AppInputs

/// Discovery state on the main actor (`isolation: main_actor`, NetMonitor's `@MainActor`
/// service): every trigger's bookkeeping runs on the main actor, publishes update the UI model
/// directly. All of it counts as main-thread busy time.
@MainActor
final class MainActorDiscoveryState {
    private var bookkeeping: PublishBookkeeping
    private let ui = DeviceListModel()
    private let events: (any EventSink)?

    var report: PublishingModel.Cost { bookkeeping.report }

    init(settings: Strategy.Publishing, events: (any EventSink)?) {
        bookkeeping = PublishBookkeeping(settings)
        self.events = events
    }

    func handle(_ item: PublishingModel.Item, devices: [DiscoveredDevice]) {
        let start = MonotonicClock.now()
        let publishes = bookkeeping.publishes(for: item, devices: devices, nowNs: start)
        var busy = MonotonicClock.now() - start
        for publish in publishes {
            let uiStart = MonotonicClock.now()
            ui.handle(publish, devices: devices, progress: bookkeeping.progress)
            let spent = MonotonicClock.now() - uiStart
            busy += spent
            bookkeeping.record(publish, devices: devices.count, busyNs: spent, events: events)
        }
        bookkeeping.addMainBusy(busy)
    }
}
