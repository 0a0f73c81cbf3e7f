/// The UI model on the main actor: what NetMonitor's device screen holds. Its work per publish
/// is a `DeviceList`'s (sort, format every row, reconcile by identity then value); a
/// progress-only publish sets the progress text and leaves the rows alone.
@MainActor
public final class DeviceListModel {
    public private(set) var list = DeviceList()

    public init() {}

    /// The rows shown, in address order.
    public var rows: [DeviceRow] { list.rows }
    /// The progress text shown.
    public var progressText: String { list.progressText }

    /// Replaces the list with `devices` and reports the diff.
    @discardableResult
    public func apply(devices: [DiscoveredDevice], progress: Double) -> RowDiff {
        list.apply(devices: devices, progress: progress)
    }

    /// Sets the progress only.
    public func setProgress(_ progress: Double) {
        list.setProgress(progress)
    }

    /// Does what `publish` asks: the whole list, or progress only. A platform profile's
    /// `publish_us` is spent here first, on the main actor, so it counts in the main-actor time.
    public func handle(_ publish: PublishThrottle.Publish, devices: [DiscoveredDevice], progress: Double) {
        PlatformCosts.spend(PlatformCosts.current.publishNs)
        if publish.deviceList {
            apply(devices: devices, progress: progress)
        } else {
            setProgress(progress)
        }
    }
}
