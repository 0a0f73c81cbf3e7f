/// The impairments of one direction of one link, turned into per-frame decisions:
/// how long a frame is held and whether it is lost.
///
/// Delay is `delay ± jitter` drawn uniformly; the caller keeps FIFO order by never releasing a
/// frame before the previous one on the same link. Loss is Bernoulli (`lossPercent`) and, when
/// configured, a Gilbert–Elliott burst process in which every frame of the bad state is lost.
struct LinkModel: Sendable {
    var delayNs: Int64
    var jitterNs: Int64
    var lossPercent: Double
    var burst: (enter: Double, exit: Double)?
    private var inBurst = false

    init(delayMs: Double = 0, jitterMs: Double = 0, lossPercent: Double = 0, burst: (enter: Double, exit: Double)? = nil) {
        delayNs = Int64(delayMs * 1_000_000)
        jitterNs = Int64(jitterMs * 1_000_000)
        self.lossPercent = lossPercent
        self.burst = burst
    }

    static let perfect = LinkModel()

    var isTransparent: Bool { delayNs == 0 && jitterNs == 0 && lossPercent == 0 && burst == nil }

    /// The hold time for the next frame.
    mutating func sampleDelay(using random: inout RandomSource) -> Int64 {
        guard jitterNs > 0 else { return delayNs }
        let offset = Int64((random.unit() * 2 - 1) * Double(jitterNs))
        return max(0, delayNs + offset)
    }

    /// Decides whether the next frame is lost, advancing the burst state.
    mutating func shouldDrop(using random: inout RandomSource) -> Bool {
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
