#if canImport(Glibc)
import Glibc
#endif
import Wire

/// The control messages `recvmsg` returned that ScanBench asks for: the `SO_TIMESTAMPNS` receive
/// time and an `IP_RECVERR` extended error. Parsed from the bytes, since Swift cannot use the
/// `CMSG_*` macros.
struct ControlMessages {
    var kernelTime: Int64?
    var queuedError: QueuedError?

    init(_ control: ArraySlice<UInt8>) {
        let control = Array(control)
        // struct cmsghdr { size_t len; int level; int type; } then data, each aligned to 8 bytes.
        var offset = 0
        while offset + 16 <= control.count {
            let length = control.loadInt(offset, 8)
            let level = Int32(truncatingIfNeeded: control.loadInt(offset + 8, 4))
            let type = Int32(truncatingIfNeeded: control.loadInt(offset + 12, 4))
            guard length >= 16, offset + length <= control.count else { break }
            let data = offset + 16
            if level == SOL_SOCKET && type == Socket.soTimestampNS && length >= 32 {
                kernelTime = Int64(control.loadInt(data, 8)) * 1_000_000_000 + Int64(control.loadInt(data + 8, 8))
            } else if level == Int32(IPPROTO_IP) && type == IP_RECVERR && length >= 16 + 16 {
                // struct sock_extended_err { u32 errno; u8 origin, type, code, pad; u32 info, data; } + offender
                var offender: IPv4Address?
                if length >= 16 + 16 + 8, control.loadInt(data + 16, 2) == Int(AF_INET) {
                    offender = IPv4Address(
                        control[data + 20],
                        control[data + 21],
                        control[data + 22],
                        control[data + 23]
                    )
                }
                queuedError = QueuedError(
                    origin: control[data + 4],
                    icmpType: control[data + 5],
                    icmpCode: control[data + 6],
                    errno: Int32(truncatingIfNeeded: control.loadInt(data, 4)),
                    offender: offender,
                    payload: [],
                    kernelTime: nil
                )
            }
            offset += (length + 7) & ~7
        }
    }
}

private extension Array where Element == UInt8 {
    /// A little-endian unsigned integer of `size` bytes at `offset` (host order on Linux x86/arm).
    func loadInt(_ offset: Int, _ size: Int) -> Int {
        var value = 0
        for index in (0..<size).reversed() { value = value << 8 | Int(self[offset + index]) }
        return value
    }
}
