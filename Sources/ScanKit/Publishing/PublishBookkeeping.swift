import AppContract
import AppInputs

/// The discovery-state side of publishing, the same under both isolations
/// (`MainActorDiscoveryState`, `DiscoveryStateActor`): turns a queued item and the accumulator's
/// snapshot into a throttle trigger, remembers the progress and the list last handed over, and
/// counts and logs the publishes.
struct PublishBookkeeping: Sendable {
    private var throttle: PublishThrottle
    /// The progress the next publish shows.
    private(set) var progress = 0.0
    private(set) var report = PublishingModel.Cost()
    /// The device list as last handed to the UI model.
    private var listed: [DiscoveredDevice]?

    init(_ settings: Strategy.Publishing) { throttle = PublishThrottle(settings) }

    /// The publishes `item` causes at `nowNs`, with `devices` the snapshot taken for it.
    mutating func publishes(
        for item: PublishingModel.Item,
        devices: [DiscoveredDevice],
        nowNs: UInt64
    ) -> [PublishThrottle.Publish] {
        let trigger: PublishThrottle.Trigger
        switch item {
        case .trigger(.progress(let fraction, _)?, _):
            progress = fraction
            trigger = .progress(fraction: fraction, devices: devices.count)
        case .trigger(let other?, _): trigger = other
        case .trigger(nil, _): return []
        case .final:
            progress = 1
            trigger = .final
        }
        // Comparing with the list last handed over is a walk over it; only the device flush asks.
        let changed = throttle.settings.deviceFlushMs == 0 || devices != listed
        let publishes = throttle.decide(trigger, nowNs: nowNs, listChanged: changed)
        if publishes.contains(where: \.deviceList) { listed = devices }
        return publishes
    }

    /// Counts `publish` and logs it as a `publish` event that took `busyNs` on the main actor.
    mutating func record(_ publish: PublishThrottle.Publish, devices: Int, busyNs: UInt64, events: (any EventSink)?) {
        report.publishes += 1
        events?.record(
            .publish(
                .init(
                    sequence: report.publishes,
                    devices: devices,
                    progress: progress,
                    reason: publish.reason,
                    mainBusyNs: busyNs,
                    deviceList: publish.deviceList
                )
            )
        )
    }

    /// Adds main-actor time that was spent on discovery state.
    mutating func addMainBusy(_ ns: UInt64) { report.mainBusyNs += ns }
}
