import Wire

/// Draws fuzz inputs from valid samples, seeded (`RandomSource`), so a campaign is repeatable:
/// the same seed gives the same inputs in the same order.
///
/// One input in sixteen is random bytes; the rest are a sample with one to four mutations, the
/// kinds that find parser bugs in length-prefixed and text formats: bit flips, random and
/// boundary bytes (0x00, 0x7F, 0x80, 0xFF), truncation, insertion and duplication of a run,
/// deletion of a run, length-field edits (a 16- or 32-bit field, either byte order, set to 0,
/// the maximum, the input's length ± 1, or a DNS compression pointer) and splices of two samples.
public struct FuzzMutator: Sendable {
    private var random: RandomSource
    private let seeds: [[UInt8]]

    public init(seeds: [[UInt8]], seed: UInt64) {
        precondition(!seeds.isEmpty)
        self.seeds = seeds
        random = RandomSource(seed: seed)
    }

    /// The next input.
    public mutating func next() -> [UInt8] {
        if random.next() % 16 == 0 {
            return (0..<Int(random.next() % 96)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
        var bytes = pick()
        for _ in 0..<(1 + Int(random.next() % 4)) { mutate(&bytes) }
        return bytes
    }

    private mutating func pick() -> [UInt8] { seeds[Int(random.next() % UInt64(seeds.count))] }

    private mutating func index(in count: Int) -> Int { count == 0 ? 0 : Int(random.next() % UInt64(count)) }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        let count = bytes.count
        switch random.next() % 10 {
        case 0 where count > 0:
            bytes[index(in: count)] ^= 1 << UInt8(random.next() % 8)
        case 1 where count > 0:
            bytes[index(in: count)] = UInt8(truncatingIfNeeded: random.next())
        case 2 where count > 0:
            bytes[index(in: count)] = [0x00, 0x7F, 0x80, 0xFF, 0x01, 0x20][Int(random.next() % 6)]
        case 3:
            bytes.removeLast(count - index(in: count + 1))
        case 4:
            let at = index(in: count + 1)
            bytes.insert(
                contentsOf: (0..<(1 + Int(random.next() % 8))).map { _ in UInt8(truncatingIfNeeded: random.next()) },
                at: at
            )
        case 5 where count > 0:
            let start = index(in: count)
            bytes.removeSubrange(start..<min(count, start + 1 + Int(random.next() % 16)))
        case 6 where count > 0:
            let start = index(in: count)
            let run = bytes[start..<min(count, start + 1 + Int(random.next() % 32))]
            bytes.insert(contentsOf: Array(run), at: index(in: count + 1))
        case 7, 8:
            editLengthField(&bytes)
        case 9:
            let other = pick()
            bytes = Array(bytes.prefix(index(in: count + 1))) + Array(other.suffix(index(in: other.count + 1)))
        default:
            bytes.append(UInt8(truncatingIfNeeded: random.next()))
        }
    }

    /// Overwrites a 16- or 32-bit field with a value a length check must survive.
    private mutating func editLengthField(_ bytes: inout [UInt8]) {
        let wide = random.next() % 2 == 0
        let width = wide ? 4 : 2
        guard bytes.count >= width else { return }
        let at = index(in: bytes.count - width + 1)
        let length = UInt32(truncatingIfNeeded: bytes.count)
        let choices: [UInt32] = [
            0, 1, wide ? .max : 0xFFFF, wide ? 0x7FFF_FFFF : 0x7FFF, length &+ 1, length &- 1,
            length &- UInt32(at), 0xC000 | UInt32(index(in: bytes.count)), 65_535, 262_145,
        ]
        let value = choices[index(in: choices.count)]
        let bigEndian = random.next() % 2 == 0
        for k in 0..<width {
            let shift = bigEndian ? (width - 1 - k) * 8 : k * 8
            bytes[at + k] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
        }
    }
}
