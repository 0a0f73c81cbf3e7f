/// A small seeded generator (SplitMix64, Steele et al. 2014) so that a seed replays what was drawn:
/// the switch's impairments and the scanner's own random choices. Not for cryptography.
public struct RandomSource: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed gives the same sequence.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// True with probability `percent` / 100.
    public mutating func chance(percent: Double) -> Bool { percent > 0 && unit() * 100 < percent }
}
