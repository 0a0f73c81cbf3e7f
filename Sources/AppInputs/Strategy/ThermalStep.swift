import AppContract

/// One scripted thermal change: at `at_s` seconds after the scan starts, the state becomes `state`.
public struct ThermalStep: Codable, Sendable, Equatable {
    /// Seconds from scan start.
    public var atSeconds: Double
    public var state: ThermalState

    enum CodingKeys: String, CodingKey, CaseIterable { case atSeconds = "at_s", state }

    public init(atSeconds: Double, state: ThermalState) {
        self.atSeconds = atSeconds
        self.state = state
    }
}
