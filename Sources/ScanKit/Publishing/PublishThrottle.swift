import AppContract
import AppInputs

/// Decides when discovery state is handed to the UI model (spec §4), and whether a publish hands
/// over the device list or progress only, without clocks or actors: the caller passes each
/// trigger, the time and whether the device list changed since it last went.
///
/// When (`policy`):
/// - `per_callback` (NetMonitor 2.0): every progress callback publishes (`callback`).
/// - `per_host` (the review's baseline): every progress callback publishes (`host`), and a callback
///   that brings new devices publishes once more — NetMonitor then both set `scanProgress` and
///   appended to `discoveredDevices`, two `@Observable` mutations.
/// - `every_percent`: when progress moved `percent` points since the last publish.
/// - `every_ms` (review P1): when `interval_ms` passed since the last publish.
/// - `percent_or_ms` (review P6, never shipped): when progress moved `percent` points
///   (`percent`) or, if it moved at all, `interval_ms` passed (`interval`) since the last
///   publish — whichever comes first.
/// - `phase_boundaries`: also when a phase ends. The end of the scan always publishes (`final`).
///
/// What (`device_flush_ms`):
/// - 0: every publish hands over the whole device list, as NetMonitor always did (its
///   publish and its flush both assign `discoveredDevices` with the progress).
/// - N > 0 (review P6: "flush to `@Observable` every 1s or at phase boundaries"): a publish
///   carries the list when it changed and N ms passed since the list last went; phase-boundary
///   and final publishes always carry it. When the policy publishes nothing but the list is due,
///   it goes on its own (`device_flush`). Every other publish sets progress only.
public struct PublishThrottle: Sendable, Equatable {
    /// What happened.
    public enum Trigger: Sendable, Equatable {
        /// The engine reported progress; `devices` is the device count at that moment.
        case progress(fraction: Double, devices: Int)
        /// A phase ended.
        case phaseEnded
        /// The scan returned.
        case final
    }

    /// One publish: why, and whether it hands over the device list or progress only.
    public struct Publish: Sendable, Equatable {
        public var reason: PublishReason
        public var deviceList: Bool

        public init(_ reason: PublishReason, deviceList: Bool = true) {
            self.reason = reason
            self.deviceList = deviceList
        }
    }

    public let settings: Strategy.Publishing
    private var lastFraction: Double?
    private var lastPublishNs: UInt64?
    private var lastListNs: UInt64?
    private var lastDevices = 0

    public init(_ settings: Strategy.Publishing) { self.settings = settings }

    /// The publishes `trigger` causes at `nowNs`; empty when it is throttled.
    /// - Parameter listChanged: whether the device list differs from the one last handed over
    ///   (only `device_flush_ms` > 0 looks at it).
    public mutating func decide(_ trigger: Trigger, nowNs: UInt64, listChanged: Bool = true) -> [Publish] {
        var reasons: [PublishReason] = []
        var listDue = true
        switch trigger {
        case .progress(let fraction, let devices):
            reasons = progressReasons(fraction: fraction, devices: devices, nowNs: nowNs)
            lastDevices = max(lastDevices, devices)
            listDue = listChanged && lastListNs.map { nowNs &- $0 >= Self.ns(ms: settings.deviceFlushMs) } ?? true
            if reasons.isEmpty && listDue && settings.deviceFlushMs > 0 { reasons = [.deviceFlush] }
            if !reasons.isEmpty { lastFraction = fraction }
        case .phaseEnded:
            if settings.phaseBoundaries { reasons = [.phaseBoundary] }
        case .final:
            reasons = [.final]
        }
        guard !reasons.isEmpty else { return [] }
        lastPublishNs = nowNs
        guard settings.deviceFlushMs > 0 else { return reasons.map { Publish($0) } }
        if listDue { lastListNs = nowNs }
        // The list goes with the trigger's last publish (per_host's second one is the device append).
        return reasons.indices.map { Publish(reasons[$0], deviceList: listDue && $0 == reasons.count - 1) }
    }

    private func progressReasons(fraction: Double, devices: Int, nowNs: UInt64) -> [PublishReason] {
        let moved = fraction - (lastFraction ?? 0)
        let intervalPassed = lastPublishNs.map { nowNs &- $0 >= Self.ns(ms: settings.intervalMs) } ?? true
        switch settings.policy {
        case .perCallback: return [.callback]
        case .perHost: return devices > lastDevices ? [.host, .host] : [.host]
        case .everyPercent: return moved >= settings.percent / 100 ? [.percent] : []
        case .everyMs: return intervalPassed ? [.interval] : []
        case .percentOrMs:
            if moved >= settings.percent / 100 { return [.percent] }
            return moved > 0 && intervalPassed ? [.interval] : []
        }
    }

    private static func ns(ms: Int) -> UInt64 { UInt64(max(0, ms)) * 1_000_000 }
}
