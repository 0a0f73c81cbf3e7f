/// One progress report of a running scan.
public struct ScanProgress: Sendable, Equatable {
    /// Overall fraction in [0, 1] by NetMonitor's weighting (not monotonic in concurrent steps).
    public var fraction: Double
    /// The phase that reported, e.g. `tcp_probe`.
    public var phaseID: String
    /// Its display name, e.g. "Probing ports…".
    public var displayName: String

    public init(fraction: Double, phaseID: String, displayName: String) {
        self.fraction = fraction
        self.phaseID = phaseID
        self.displayName = displayName
    }
}
