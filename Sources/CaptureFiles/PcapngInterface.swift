/// What a pcapng Interface Description Block says about the packets that name it.
struct PcapngInterface: Sendable, Equatable {
    var linkType: LinkType
    /// 0 means no limit.
    var snapshotLength: UInt32
    /// `if_tsresol`: the high bit clear means 10^-n seconds per unit, set means 2^-n; absent
    /// means microseconds (6).
    var timestampResolution: UInt8 = 6
    /// `if_tsoffset`: seconds added to every timestamp.
    var timestampOffset: Int64 = 0

    /// Converts a raw timestamp in this interface's units to ns since the epoch, clamped into
    /// `CaptureRecord.timestamps`.
    func nanoseconds(_ units: UInt64) -> Int64 {
        CaptureRecord.clamped(unclampedNanoseconds(units))
    }

    private func unclampedNanoseconds(_ units: UInt64) -> Int64 {
        let exponent = Int(timestampResolution & 0x7F)
        let offset = timestampOffset &* 1_000_000_000
        if timestampResolution & 0x80 == 0 {
            if exponent <= 9 {
                return Int64(truncatingIfNeeded: units &* Self.powersOfTen[9 - exponent]) &+ offset
            }
            return Int64(truncatingIfNeeded: units / Self.powersOfTen[min(exponent - 9, 19)]) &+ offset
        }
        // Binary fractions: whole seconds, then the fraction scaled to ns.
        guard exponent < 64 else { return offset }
        let seconds = units >> UInt64(exponent)
        let fraction = units & ((1 << UInt64(exponent)) - 1)
        let nanos = UInt64((Double(fraction) / Double(sign: .plus, exponent: exponent, significand: 1) * 1e9).rounded())
        return Int64(truncatingIfNeeded: seconds &* 1_000_000_000 &+ nanos) &+ offset
    }

    private static let powersOfTen: [UInt64] = (0...19).map { n in (0..<n).reduce(1) { acc, _ in acc * 10 } }
}
