extension Fixture.Device {
    /// The one-way link delay from which a device counts as on Wi-Fi: the generator draws wired
    /// links at 0.1–0.5 ms and Wi-Fi links at 1–8 ms (poor Wi-Fi 15–60 ms) one way
    /// (docs/FIXTURES.md, "Links"); the hand-written LANs follow the same ranges.
    public static let wifiDelayFromMs = 1.0

    /// Whether the device is on Wi-Fi by the fixture's truth: it dozes (`power_save`), sleeps
    /// deeply (`deep_sleep`), or its link's one-way delay is in the Wi-Fi range. What a
    /// wired/Wi-Fi guess (HomeNet's, `classify.wifi_latency_ms`) is scored against.
    public var onWiFi: Bool {
        powerSave != nil || deepSleep != nil || (link?.delayMs ?? 0) >= Self.wifiDelayFromMs
    }
}
