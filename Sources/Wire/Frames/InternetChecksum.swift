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
        if let checksum = bytes.withContiguousStorageIfAvailable({
            compute(UnsafeRawBufferPointer($0), initial: initial)
        }) {
            return checksum
        }
        return compute(Array(bytes), initial: initial)
    }

    /// The checksum of borrowed bytes (what every other form comes to): summed four bytes at a
    /// time, as two 16-bit words.
    public static func compute(_ bytes: UnsafeRawBufferPointer, initial: UInt32 = 0) -> UInt16 {
        var sum = UInt64(initial)
        var offset = 0
        while offset + 4 <= bytes.count {
            let words = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            sum += UInt64(words >> 16) + UInt64(words & 0xFFFF)
            offset += 4
        }
        if offset + 2 <= bytes.count {
            sum += UInt64(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
            offset += 2
        }
        if offset < bytes.count { sum += UInt64(bytes[offset]) << 8 }
        while sum >> 16 != 0 { sum = (sum & 0xFFFF) + (sum >> 16) }
        return ~UInt16(truncatingIfNeeded: sum)
    }

    public static func pseudoHeaderSum(
        source: IPv4Address,
        destination: IPv4Address,
        protocol: IPProtocol,
        length: Int
    ) -> UInt32 {
        (source.value >> 16) + (source.value & 0xFFFF)
            + (destination.value >> 16) + (destination.value & 0xFFFF)
            + UInt32(`protocol`.rawValue) + UInt32(length & 0xFFFF)
    }
}
