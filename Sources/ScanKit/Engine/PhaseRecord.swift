import AppContract

/// One phase's record in a `ScanResult`.
public struct PhaseRecord: Sendable, Equatable {
    public var phaseID: String
    public var step: Int
    public var outcome: PhaseOutcome
    public var elapsedNs: UInt64

    public init(phaseID: String, step: Int, outcome: PhaseOutcome, elapsedNs: UInt64) {
        self.phaseID = phaseID
        self.step = step
        self.outcome = outcome
        self.elapsedNs = elapsedNs
    }
}

/// What `ScanEngine.run` returns.
public struct ScanResult: Sendable {
    /// Devices in numeric IPv4 order.
    public var devices: [DiscoveredDevice]
    /// Every phase run, in the order they ended.
    public var phases: [PhaseRecord]
}
