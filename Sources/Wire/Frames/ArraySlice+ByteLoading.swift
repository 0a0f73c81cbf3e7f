/// Big-endian loads at offsets relative to the slice's start.
///
/// Callers check the length before loading; these helpers exist so that every decoder reads
/// relative offsets the same way and never indexes from zero on a slice.
extension ArraySlice where Element == UInt8 {
    @inline(__always)
    func u8(_ offset: Int) -> UInt8 { self[startIndex + offset] }

    @inline(__always)
    func u16(_ offset: Int) -> UInt16 {
        let i = startIndex + offset
        return UInt16(self[i]) << 8 | UInt16(self[i + 1])
    }

    @inline(__always)
    func u32(_ offset: Int) -> UInt32 {
        let i = startIndex + offset
        return UInt32(self[i]) << 24 | UInt32(self[i + 1]) << 16 | UInt32(self[i + 2]) << 8 | UInt32(self[i + 3])
    }

    @inline(__always)
    func ipv4(_ offset: Int) -> IPv4Address { IPv4Address(u32(offset)) }

    @inline(__always)
    func mac(_ offset: Int) -> MACAddress {
        let i = startIndex + offset
        return MACAddress(rawBytes: (self[i], self[i + 1], self[i + 2], self[i + 3], self[i + 4], self[i + 5]))
    }

    /// The sub-slice `[offset, offset + length)` relative to the start.
    @inline(__always)
    func sub(_ offset: Int, _ length: Int) -> ArraySlice<UInt8> {
        self[(startIndex + offset)..<(startIndex + offset + length)]
    }

    /// Everything from `offset` (relative) to the end.
    @inline(__always)
    func from(_ offset: Int) -> ArraySlice<UInt8> { self[(startIndex + offset)...] }

    /// Throws `truncated` unless at least `needed` bytes are present.
    @inline(__always)
    func require(_ needed: Int, _ layer: WireLayer) throws(WireDecodingError) {
        if count < needed { throw .truncated(layer: layer, needed: needed, available: count) }
    }
}

extension MACAddress {
    /// Builds a MAC address from six octets without the collection round trip.
    init(rawBytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)) {
        self = MACAddress.zero
        self.bytes = rawBytes
    }
}

extension Array where Element == UInt8 {
    mutating func appendBE16(_ value: UInt16) {
        append(UInt8(value >> 8)); append(UInt8(value & 0xFF))
    }

    mutating func appendBE32(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8(value >> 16 & 0xFF))
        append(UInt8(value >> 8 & 0xFF)); append(UInt8(value & 0xFF))
    }

    mutating func setBE16(_ value: UInt16, at index: Int) {
        self[index] = UInt8(value >> 8); self[index + 1] = UInt8(value & 0xFF)
    }
}
