/// Big-endian loads from borrowed bytes, the way `ArraySlice+ByteLoading` loads from a slice.
///
/// The header decoders (`EthernetHeader`, `IPv4Header`, `TCPHeader`, `UDPHeader`, `ARPPacket`)
/// read through these, so a capture's frames are decoded where libpcap left them: no copy and
/// no reference count per frame. Callers check the length before loading.
extension UnsafeRawBufferPointer {
    @inline(__always)
    func u8(_ offset: Int) -> UInt8 { self[offset] }

    @inline(__always)
    func u16(_ offset: Int) -> UInt16 { UInt16(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }

    @inline(__always)
    func u32(_ offset: Int) -> UInt32 { UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }

    @inline(__always)
    func ipv4(_ offset: Int) -> IPv4Address { IPv4Address(u32(offset)) }

    @inline(__always)
    func mac(_ offset: Int) -> MACAddress {
        MACAddress(
            rawBytes: (
                self[offset], self[offset + 1], self[offset + 2], self[offset + 3], self[offset + 4], self[offset + 5]
            )
        )
    }

    /// Throws `truncated` unless at least `needed` bytes are present.
    @inline(__always)
    func require(_ needed: Int, _ layer: WireLayer) throws(WireDecodingError) {
        if count < needed { throw .truncated(layer: layer, needed: needed, available: count) }
    }
}

extension ArraySlice where Element == UInt8 {
    /// Runs a header decoder on the slice's bytes, borrowed for the call.
    @inline(__always)
    func decodeHeader<Header>(
        _ decode: (UnsafeRawBufferPointer) throws(WireDecodingError) -> Header
    ) throws(WireDecodingError) -> Header {
        let result: Result<Header, WireDecodingError> = withUnsafeBytes { raw in
            Result { () throws(WireDecodingError) in try decode(raw) }
        }
        return try result.get()
    }
}
