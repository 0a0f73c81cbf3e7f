/// Why discovery state was handed to the UI model: `PublishThrottle`'s decision and the
/// `publish` event's `reason` field (the policies are described on `PublishThrottle`).
///
/// The raw values are the strings the log has always carried (docs/EVENTS.md).
public enum PublishReason: String, Sendable, Codable, Equatable, CaseIterable {
    /// `per_callback`: every progress callback.
    case callback
    /// `per_host`: every progress callback, and once more when it brought new devices.
    case host
    /// Progress moved `percent` points.
    case percent
    /// `interval_ms` passed.
    case interval
    /// The device list was due (`device_flush_ms`) and the policy published nothing.
    case deviceFlush = "device_flush"
    /// A phase ended (`phase_boundaries`).
    case phaseBoundary = "phase_boundary"
    /// The scan returned.
    case final
}
