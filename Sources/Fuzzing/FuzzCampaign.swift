import TestbedPlatform

/// Runs one target on `count` seeded inputs and tallies the outcomes.
///
/// The inputs come from `FuzzMutator` seeded with `seed` mixed with the target's name, so each
/// target draws its own sequence and a campaign is repeated exactly by its seed and count. With a
/// `CrashRecorder`, every input is marked before it is parsed, so a trap leaves it in a file.
public enum FuzzCampaign {
    /// - Parameters:
    ///   - progress: called every `progressEvery` inputs with the number done.
    public static func run(
        _ target: FuzzTarget,
        count: Int,
        seed: UInt64,
        recorder: CrashRecorder? = nil,
        progressEvery: Int = 10_000,
        progress: (Int) -> Void = { _ in }
    ) -> FuzzTally {
        var mutator = FuzzMutator(seeds: target.seeds, seed: seed ^ nameHash(target.name))
        var tally = FuzzTally()
        for index in 0..<count {
            // The samples themselves first: a valid input that a parser refuses is a finding too.
            let bytes = index < target.seeds.count ? target.seeds[index] : mutator.next()
            let outcome = recorder.map { $0.parsing(bytes, target.parse) } ?? target.parse(bytes)
            tally.record(outcome, index: index, bytes: bytes)
            if (index + 1) % progressEvery == 0 { progress(index + 1) }
        }
        return tally
    }

    /// FNV-1a of the name: stable across runs and platforms (Swift's `hashValue` is not).
    static func nameHash(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
