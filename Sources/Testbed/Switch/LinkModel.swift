import Wire

/// The impairments of one direction of one link, turned into per-frame decisions:
/// how long a frame is held and whether it is lost.
///
/// Delay is `delay ± jitter` drawn uniformly; the caller keeps FIFO order by never releasing a
/// frame before the previous one on the same link. Loss is Bernoulli (`lossPercent`) and, when
/// configured, a Gilbert–Elliott burst process in which every frame of the bad state is lost.
/// Public so the benchmarks package can measure the switch's per-frame decisions.
public struct LinkModel: Sendable {
    /// One-way delay (ns).
    public var delayNs: Int64
    /// Uniform jitter around the delay (ns).
    public var jitterNs: Int64
    /// Random loss, 0–100 %.
    public var lossPercent: Double
    /// Gilbert–Elliott transition chances in percent per frame, or nil for none.
    public var burst: (enter: Double, exit: Double)?
    private var inBurst = false

    /// Creates a link direction; every impairment defaults to none.
    public init(
        delayMs: Double = 0,
        jitterMs: Double = 0,
        lossPercent: Double = 0,
        burst: (enter: Double, exit: Double)? = nil
    ) {
        delayNs = Int64(delayMs * 1_000_000)
        jitterNs = Int64(jitterMs * 1_000_000)
        self.lossPercent = lossPercent
        self.burst = burst
    }

    /// A link without impairments.
    public static let perfect = LinkModel()

    /// True when the link neither delays nor loses frames.
    public var isTransparent: Bool { delayNs == 0 && jitterNs == 0 && lossPercent == 0 && burst == nil }

    /// The hold time for the next frame.
    public mutating func sampleDelay(using random: inout RandomSource) -> Int64 {
        guard jitterNs > 0 else { return delayNs }
        let offset = Int64((random.unit() * 2 - 1) * Double(jitterNs))
        return max(0, delayNs + offset)
    }

    /// Decides whether the next frame is lost, advancing the burst state.
    public mutating func shouldDrop(using random: inout RandomSource) -> Bool {
        if let burst {
            if inBurst {
                if random.chance(percent: burst.exit) { inBurst = false }
            } else if random.chance(percent: burst.enter) {
                inBurst = true
            }
            if inBurst { return true }
        }
        return random.chance(percent: lossPercent)
    }
}
