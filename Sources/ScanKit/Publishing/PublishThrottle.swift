/// Decides when discovery state is handed to the UI model (spec §4), without clocks or actors:
/// the caller passes each trigger and the time.
///
/// - `per_callback` (NetMonitor 2.0): every progress callback publishes (`callback`).
/// - `per_host` (the review's baseline): every progress callback publishes (`host`), and a callback
///   that brings new devices publishes once more — NetMonitor then both set `scanProgress` and
///   appended to `discoveredDevices`, two `@Observable` mutations.
/// - `every_percent` (52449ab): when progress moved `percent` points since the last publish.
/// - `every_ms` (review P1): when `interval_ms` passed since the last publish.
/// - `phase_boundaries`: also when a phase ends. The end of the scan always publishes (`final`).
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

    public let settings: Strategy.Publishing
    private var lastFraction: Double?
    private var lastPublishNs: UInt64?
    private var lastDevices = 0

    public init(_ settings: Strategy.Publishing) { self.settings = settings }

    /// The publishes `trigger` causes at `nowNs`, as reasons (`callback`, `host`, `percent`,
    /// `interval`, `phase_boundary`, `final`); empty when it is throttled.
    public mutating func decide(_ trigger: Trigger, nowNs: UInt64) -> [String] {
        var reasons: [String] = []
        switch trigger {
        case .progress(let fraction, let devices):
            switch settings.policy {
            case .perCallback:
                reasons = ["callback"]
            case .perHost:
                reasons = devices > lastDevices ? ["host", "host"] : ["host"]
            case .everyPercent:
                if fraction - (lastFraction ?? 0) >= settings.percent / 100 { reasons = ["percent"] }
            case .everyMs:
                let interval = UInt64(max(0, settings.intervalMs)) * 1_000_000
                if lastPublishNs.map({ nowNs &- $0 >= interval }) ?? true { reasons = ["interval"] }
            }
            lastDevices = max(lastDevices, devices)
            if !reasons.isEmpty { lastFraction = fraction }
        case .phaseEnded:
            if settings.phaseBoundaries { reasons = ["phase_boundary"] }
        case .final:
            reasons = ["final"]
        }
        if !reasons.isEmpty { lastPublishNs = nowNs }
        return reasons
    }
}
