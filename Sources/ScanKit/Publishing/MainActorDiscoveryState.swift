/// Discovery state on the main actor (`isolation: main_actor`, NetMonitor's `@MainActor`
/// service): every trigger's bookkeeping runs on the main actor, publishes update the UI model
/// directly. All of it counts as main-thread busy time.
@MainActor
final class MainActorDiscoveryState {
    private var throttle: PublishThrottle
    private let ui = DeviceListModel()
    private let events: (any EventSink)?
    private(set) var report = PublishingModel.Report()
    private var devices: [DiscoveredDevice] = []
    private var progress = 0.0

    init(settings: Strategy.Publishing, events: (any EventSink)?) {
        throttle = PublishThrottle(settings)
        self.events = events
    }

    func handle(_ item: PublishingModel.Item, devices snapshot: [DiscoveredDevice]) {
        let start = MonotonicClock.now()
        devices = snapshot
        let trigger: PublishThrottle.Trigger
        switch item {
        case .trigger(.progress(let fraction, _)?, _):
            progress = fraction
            trigger = .progress(fraction: fraction, devices: snapshot.count)
        case .trigger(let other?, _): trigger = other
        case .trigger(nil, _): return
        case .final:
            progress = 1
            trigger = .final
        }
        let reasons = throttle.decide(trigger, nowNs: start)
        var busy = MonotonicClock.now() - start
        for reason in reasons {
            let uiStart = MonotonicClock.now()
            ui.apply(devices: devices, progress: progress)
            let spent = MonotonicClock.now() - uiStart
            busy += spent
            report.publishes += 1
            events?.record(.publish(.init(sequence: report.publishes, devices: devices.count, progress: progress,
                                          reason: reason, mainBusyNs: spent)))
        }
        report.mainBusyNs += busy
    }
}
