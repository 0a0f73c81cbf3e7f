/// Discovery state in its own actor (`isolation: own_actor`, the review's priority 1): the
/// throttle runs here and only a publish hops to the main actor, where the UI model's work is
/// the main-thread busy time.
actor DiscoveryStateActor {
    private var throttle: PublishThrottle
    private let events: (any EventSink)?
    private(set) var report = PublishingModel.Report()
    private var progress = 0.0
    private var ui: DeviceListModel?

    init(settings: Strategy.Publishing, events: (any EventSink)?) {
        throttle = PublishThrottle(settings)
        self.events = events
    }

    func handle(_ item: PublishingModel.Item, devices: [DiscoveredDevice]) async {
        let trigger: PublishThrottle.Trigger
        switch item {
        case .trigger(.progress(let fraction, _)?, _):
            progress = fraction
            trigger = .progress(fraction: fraction, devices: devices.count)
        case .trigger(let other?, _): trigger = other
        case .trigger(nil, _): return
        case .final:
            progress = 1
            trigger = .final
        }
        let reasons = throttle.decide(trigger, nowNs: MonotonicClock.now())
        guard !reasons.isEmpty else { return }
        let existing = ui
        let progress = progress
        let (model, spent) = await MainActor.run { () -> (DeviceListModel, [UInt64]) in
            let model = existing ?? DeviceListModel()
            var spent: [UInt64] = []
            for _ in reasons {
                let start = MonotonicClock.now()
                model.apply(devices: devices, progress: progress)
                spent.append(MonotonicClock.now() - start)
            }
            return (model, spent)
        }
        ui = model
        for (reason, busy) in zip(reasons, spent) {
            report.publishes += 1
            report.mainBusyNs += busy
            events?.record(.publish(.init(sequence: report.publishes, devices: devices.count, progress: progress,
                                          reason: reason, mainBusyNs: busy)))
        }
    }
}
