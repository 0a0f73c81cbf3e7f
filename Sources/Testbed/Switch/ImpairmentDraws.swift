import Wire

/// The random draws of one direction of one switch port (delay, loss, a sleepy host's ARP reply),
/// made so that a seed replays them whatever order the frames of *different* flows arrive in.
///
/// Each frame gets a generator of its own, seeded from the testbed's seed, the port, the
/// direction, the frame's `FrameIdentity` and how many frames of that identity this direction has
/// carried before. One stream shared by every port, drawn in arrival order, gave a different
/// sleepy phone's ARP reply to the same draw whenever two threads swapped two frames; keyed
/// draws only change when the scan itself sends something different.
///
/// What stays order-dependent: frames of the *same* identity (their order is their occurrence
/// number, which a scan repeats), and a Gilbert–Elliott burst state, which by definition depends
/// on the sequence of frames on its link.
struct ImpairmentDraws: Sendable {
    /// The two directions of a port.
    enum Direction: UInt64, Sendable {
        /// Frames the attached host sends.
        case uplink = 1
        /// Frames delivered to the attached host.
        case downlink = 2
    }

    private let base: UInt64
    private var occurrences: [UInt64: UInt64] = [:]

    init(seed: UInt64, port: Int, direction: Direction) {
        base = FrameIdentity.mix([seed, UInt64(port), direction.rawValue])
    }

    /// The generator for the next frame of `identity` in this direction.
    mutating func generator(for identity: UInt64) -> RandomSource {
        let occurrence = occurrences[identity, default: 0]
        occurrences[identity] = occurrence + 1
        return RandomSource(seed: FrameIdentity.mix([base, identity, occurrence]))
    }
}
