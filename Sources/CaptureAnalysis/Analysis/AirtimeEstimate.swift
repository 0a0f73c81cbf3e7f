import CaptureFiles

/// What `WireAnalysis.airtimeEstimate` estimated for one capture under one `AirtimeModel`.
public struct AirtimeEstimate: Sendable, Equatable {
    /// The model's name (`AirtimeModel.name`).
    public var model: String
    /// Airtime of the exchanges the scanner sent, and of those it received, ns.
    public var sentNs: Int64
    public var receivedNs: Int64
    /// Time the radio is awake for those frames: bursts plus the power-save timeout, ns.
    public var radioOnNs: Int64
    /// Times it dozes off and wakes again: bursts separated by more than the timeout.
    public var dozes: Int

    /// Airtime both ways, ns.
    public var airtimeNs: Int64 { sentNs + receivedNs }
}
