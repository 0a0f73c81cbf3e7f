/// The UI model on the main actor: what a SwiftUI list of devices would hold. Each `apply` does
/// work in proportion to the device list, as an `@Observable` list and its view diff do: sort the
/// devices, format one row each (name, address, latency text, sources, ports), and diff the rows
/// against the previous publish by a merge walk over the sorted lists.
@MainActor
public final class DeviceListModel {
    /// One formatted row.
    public struct Row: Sendable, Equatable {
        public var ip: UInt32
        public var title: String
        public var subtitle: String
        public var detail: String
    }

    /// The rows shown, sorted by address.
    public private(set) var rows: [Row] = []
    /// The progress text shown.
    public private(set) var progressText = ""
    /// Rows inserted, removed and changed over all publishes.
    public private(set) var inserted = 0
    public private(set) var removed = 0
    public private(set) var changed = 0

    public init() {}

    /// Replaces the list with `devices` and reports the diff.
    /// - Returns: (inserted, removed, changed) of this publish.
    @discardableResult
    public func apply(devices: [DiscoveredDevice], progress: Double) -> (inserted: Int, removed: Int, changed: Int) {
        let sorted = devices.sorted { $0.ip < $1.ip }
        let fresh = sorted.map { device in
            Row(ip: device.ip.value,
                title: device.displayName,
                subtitle: "\(device.ip) · \(device.latencyText)",
                detail: device.sources.map(\.rawValue).joined(separator: ", ")
                    + (device.openPorts.isEmpty ? "" : " · ports " + device.openPorts.map(String.init).joined(separator: ",")))
        }
        var i = 0, j = 0
        var diff = (inserted: 0, removed: 0, changed: 0)
        while i < rows.count || j < fresh.count {
            if j == fresh.count || (i < rows.count && rows[i].ip < fresh[j].ip) {
                diff.removed += 1; i += 1
            } else if i == rows.count || fresh[j].ip < rows[i].ip {
                diff.inserted += 1; j += 1
            } else {
                if rows[i] != fresh[j] { diff.changed += 1 }
                i += 1; j += 1
            }
        }
        rows = fresh
        progressText = "\(Int((progress * 100).rounded())) % · \(fresh.count) devices"
        inserted += diff.inserted
        removed += diff.removed
        changed += diff.changed
        return diff
    }
}
