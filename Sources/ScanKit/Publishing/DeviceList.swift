/// The main thread's work for one publish, as a value so that the benchmark
/// (`Benchmarks/…/PublishingBenchmarks.swift`) times exactly what a run's main actor does
/// (`DeviceListModel` holds one on the main actor).
///
/// A device-list publish does what NetMonitor's device screen does when `discoveredDevices` changes
/// (`NetworkMapView`, docs/METRICS.md "The screen", default sort `.ip`): sort the devices by
/// `ipSortKey`, which parses the dotted address on every comparison; build every row (`DeviceRow`);
/// reconcile the rows with the previous ones by identity, then by value (`RowDiff`). A
/// progress-only publish sets the progress text: NetMonitor's services are `@Observable`, and
/// Observation tracks which properties each `body` reads, so setting `scanProgress` alone does not
/// re-evaluate the list.
public struct DeviceList: Sendable, Equatable {
    /// The rows shown, in `ipSortKey` order.
    public private(set) var rows: [DeviceRow] = []
    /// The progress text shown.
    public private(set) var progressText = ""
    /// Totals over all device-list publishes.
    public private(set) var total = RowDiff()

    public init() {}

    /// Hands `devices` and `progress` over: sort, format, reconcile.
    /// - Returns: the diff against the previous list.
    @discardableResult
    public mutating func apply(devices: [DiscoveredDevice], progress: Double) -> RowDiff {
        let addressed = devices.map { (device: $0, address: $0.ip.description) }
        let sorted = addressed.sorted { Self.ipSortKey($0.address) < Self.ipSortKey($1.address) }
        let fresh = sorted.map { DeviceRow($0.device, address: $0.address) }
        let diff = RowDiff(from: rows, to: fresh)
        rows = fresh
        total.inserted += diff.inserted
        total.removed += diff.removed
        total.moved += diff.moved
        total.changed += diff.changed
        setProgress(progress)
        return diff
    }

    /// Hands over progress only; the rows stay as they are.
    public mutating func setProgress(_ progress: Double) {
        progressText = "\(Int((progress * 100).rounded())) % · \(rows.count) devices"
    }

    /// NetMonitor's `String.ipSortKey`: a·2^24 + b·2^16 + c·2^8 + d, 0 for anything that is not
    /// four integer parts (spec §1.6).
    static func ipSortKey(_ address: String) -> Int {
        let parts = address.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 4 else { return 0 }
        return parts[0] << 24 | parts[1] << 16 | parts[2] << 8 | parts[3]
    }
}
