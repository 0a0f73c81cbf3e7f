import Foundation

/// One row of the device list as NetMonitor's device screen builds it, keyed by the device's
/// identity.
///
/// NetMonitor's `NetworkMapView` (docs/METRICS.md, "The screen") lays the list out as
/// `ForEach(sortedDevices) { device in deviceRow(device: device) }` inside a non-lazy `VStack`:
/// `DiscoveredDevice` is `Identifiable`, so the `ForEach` identifies each row by `id`, and each row
/// is built by a `@ViewBuilder` function of the parent view (not a view type of its own), so every
/// evaluation of the parent's `body` formats every row again: the display name, the address (shown
/// when a hostname hides it), the latency text and the vendor.
public struct DeviceRow: Sendable, Equatable, Identifiable {
    /// The `ForEach` identity: the device record's `id`, which the accumulator keeps across merges
    /// (spec §1.6).
    public var id: UUID
    public var title: String
    public var subtitle: String
    public var detail: String
}

extension DeviceRow {
    /// The row `deviceRow(device:)` shows for `device`.
    public init(_ device: DiscoveredDevice, address: String) {
        id = device.id
        title = device.displayName
        subtitle = device.hostname == nil ? device.latencyText : "\(address) · \(device.latencyText)"
        detail = device.vendor ?? ""
    }
}
