/// The Internet checksum (RFC 1071): the ones' complement of the ones' complement sum of 16-bit
/// big-endian words.
///
/// `compute` over a header that contains its own correct checksum yields 0, which is how
/// verification works. For TCP and UDP, fold in the IPv4 pseudo-header with
/// `pseudoHeaderSum(source:destination:protocol:length:)`.
public enum InternetChecksum {
    /// The checksum of `bytes`, optionally continuing from a partial (unfolded) sum.
    ///
    /// - Parameters:
    ///   - bytes: the data; an odd final byte is padded with a zero byte, as RFC 1071 says.
    ///   - initial: a running sum, e.g. from `pseudoHeaderSum`.
    /// - Returns: the 16-bit checksum to place in the header (0 when verifying correct data).
    public static func compute(_ bytes: some Collection<UInt8>, initial: UInt32 = 0) -> UInt16 {
        var sum = UInt64(initial)
        var iterator = bytes.makeIterator()
        while let high = iterator.next() {
            let low = iterator.next() ?? 0
            sum += UInt64(high) << 8 | UInt64(low)
        }
        while sum >> 16 != 0 { sum = (sum & 0xFFFF) + (sum >> 16) }
        return ~UInt16(truncatingIfNeeded: sum)
    }

    /// The unfolded sum of the IPv4 pseudo-header used by TCP and UDP checksums.
    public static func pseudoHeaderSum(source: IPv4Address, destination: IPv4Address,
                                       protocol: IPProtocol, length: Int) -> UInt32 {
        (source.value >> 16) + (source.value & 0xFFFF)
            + (destination.value >> 16) + (destination.value & 0xFFFF)
            + UInt32(`protocol`.rawValue) + UInt32(length & 0xFFFF)
    }
}
