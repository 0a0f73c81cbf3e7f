import Synchronization

/// One adaptive-timeout tracker per TCP phase run, shared by all its concurrent probes.
///
/// NetMonitor's is an actor; this one is a `Mutex` around an `RTTEstimate`, so a probe can read
/// its timeout and record a sample without an actor hop, which would itself inflate the round
/// trips it measures (docs/SCANKIT.md).
public final class RTTTracker: Sendable {
    private let estimate = Mutex(RTTEstimate())
    /// Lower clamp of the adaptive timeout, ms.
    public let floorMs: Double
    /// Upper clamp of the adaptive timeout, ms.
    public let ceilingMs: Double
    /// Samples needed before the timeout adapts.
    public let minimumSamples: Int

    /// - Parameters: see `RTTEstimate.timeout`; the defaults are NetMonitor's.
    public init(floorMs: Double = 100, ceilingMs: Double = 1000, minimumSamples: Int = 3) {
        precondition(floorMs <= ceilingMs, "floor above ceiling")
        self.floorMs = floorMs
        self.ceilingMs = ceilingMs
        self.minimumSamples = minimumSamples
    }

    /// Records a handshake (or refusal) time in milliseconds; ≤ 0 is ignored.
    public func record(_ sampleMs: Double) { estimate.withLock { $0.add(sampleMs) } }

    /// The timeout to use now for a probe whose fixed timeout would be `baseMs`.
    public func adaptiveTimeout(baseMs: Double) -> Double {
        estimate.withLock {
            $0.timeout(baseMs: baseMs, floorMs: floorMs, ceilingMs: ceilingMs, minimumSamples: minimumSamples)
        }
    }

    /// The estimate now.
    public var current: RTTEstimate { estimate.withLock { $0 } }
}
