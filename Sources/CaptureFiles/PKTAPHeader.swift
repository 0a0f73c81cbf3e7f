/// Apple's PKTAP header: the per-packet metadata macOS puts in front of each frame on `pktap`
/// and `rvi0` (a tethered iPhone's remote virtual interface) — the inner frame's link type, the
/// interface, and the process that sent or received the packet.
///
/// Layout (xnu bsd/net/pktap.h, `struct pktap_header`; docs/research/iphone-capture-formats.md
/// §2.2): every field in the writer's byte order, which is little-endian on every Apple machine,
/// so it is read little-endian as tcpdump and Wireshark do. `pth_length` at 0 says where the
/// inner frame starts; readers accept 108 bytes or more (the part tcpdump and Wireshark model),
/// current xnu writes 156. A version-2 header (flag 0x80000 at offset 36, only written on
/// request) has a one-byte length and the DLT as u16 at 6.
public struct PKTAPHeader: Sendable, Equatable {
    /// Offset of the inner frame (the header's own length).
    public var length: Int
    /// The inner frame's DLT, as Darwin numbers it (1 Ethernet, 12 raw IP, 0 BSD loopback).
    public var innerDLT: Int32
    /// The inner frame's link type.
    public var innerLinkType: LinkType { LinkType(dlt: innerDLT) }
    /// The process that owns the packet's socket; nil when the header says none (pid 0 or −1).
    public var process: PacketProcess?
    /// The process the socket sends for (`pth_epid`/`pth_ecomm`), when it differs from `process`:
    /// a daemon delegating for an app has the app here.
    public var effectiveProcess: PacketProcess?

    /// The shortest version-1 header readers accept (tcpdump print-pktap.c, Wireshark).
    public static let minimumLength = 108
    /// The size of `struct pktap_header` in current xnu, which `LinkEncapsulation` writes.
    public static let currentLength = 156
    static let versionTwoFlag: UInt32 = 0x80000

    /// Reads the header at the start of `bytes`; nil when it is cut short or its length field
    /// points outside the frame.
    public init?(_ bytes: UnsafeRawBufferPointer) {
        guard let layout = Self.layout(bytes) else { return nil }
        length = layout.length
        innerDLT = layout.innerDLT
        let effective: PacketProcess?
        if layout.versionTwo {
            // pid at 28 and e_pid at 32; each name at the offset its byte at 4 (comm) or 5 (e_comm) gives.
            let headerLength = layout.length
            func name(at offsetByte: Int) -> String {
                let offset = Int(bytes[offsetByte])
                return offset > 0 && offset < headerLength ? Self.cString(bytes, offset, headerLength - offset) : ""
            }
            process = PacketProcess(pid: Int32(bitPattern: Self.le32(bytes, 28)), name: name(at: 4))
            effective = PacketProcess(pid: Int32(bitPattern: Self.le32(bytes, 32)), name: name(at: 5))
        } else {
            process = PacketProcess(pid: Int32(bitPattern: Self.le32(bytes, 52)), name: Self.cString(bytes, 56, 17))
            effective = PacketProcess(pid: Int32(bitPattern: Self.le32(bytes, 84)), name: Self.cString(bytes, 88, 17))
        }
        effectiveProcess = PacketProcess.effective(effective, besides: process)
    }

    /// Where the inner frame starts and its link type, without the process: what decoding a
    /// frame needs, on the per-packet path, so no process name is built for every frame.
    package static func inner(_ bytes: ArraySlice<UInt8>) -> (length: Int, linkType: LinkType)? {
        bytes.withUnsafeBytes { raw in inner(raw) }
    }

    /// ``inner(_:)`` on borrowed bytes.
    package static func inner(_ bytes: UnsafeRawBufferPointer) -> (length: Int, linkType: LinkType)? {
        layout(bytes).map { ($0.length, LinkType(dlt: $0.innerDLT)) }
    }

    /// The header's length and inner DLT in either version; nil when cut short or the length
    /// points outside the frame.
    private static func layout(_ bytes: UnsafeRawBufferPointer) -> (length: Int, innerDLT: Int32, versionTwo: Bool)? {
        guard bytes.count >= 40 else { return nil }
        if le32(bytes, 36) & versionTwoFlag != 0 {
            let length = Int(bytes[0])
            guard length >= 40, length <= bytes.count else { return nil }
            return (length, Int32(UInt16(bytes[6]) | UInt16(bytes[7]) << 8), true)
        }
        let length = Int(le32(bytes, 0))
        guard length >= minimumLength, length <= bytes.count else { return nil }
        return (length, Int32(bitPattern: le32(bytes, 8)), false)
    }

    /// A version-1 header of `currentLength` bytes for a frame of `innerDLT` sent or received by
    /// `process` on `interface` — what `tcpdump -P` on a Mac would read. `effective` is the
    /// process `process` acts for (nil: itself); when it differs the header is flagged
    /// delegated (`PTH_FLAG_PROC_DELEGATED`), as xnu flags it.
    public static func encode(
        innerDLT: Int32,
        interface: String,
        process: PacketProcess?,
        effective: PacketProcess? = nil,
        outbound: Bool
    ) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: currentLength)
        func put32(_ offset: Int, _ value: UInt32) {
            for i in 0..<4 { header[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
        }
        func putString(_ offset: Int, _ text: String, capacity: Int) {
            for (i, byte) in text.utf8.prefix(capacity - 1).enumerated() { header[offset + i] = byte }
        }
        put32(0, UInt32(currentLength))
        put32(4, 1)  // PTH_TYPE_PACKET
        put32(8, UInt32(bitPattern: innerDLT))
        putString(12, interface, capacity: 24)
        let acting = effective ?? process
        let delegated: UInt32 = acting != process ? 0x4 : 0  // PTH_FLAG_PROC_DELEGATED
        put32(36, (outbound ? 0x2 : 0x1) | delegated)  // PTH_FLAG_DIR_OUT / DIR_IN
        put32(40, 2)  // AF_INET
        put32(52, UInt32(bitPattern: process?.pid ?? 0))
        putString(56, process?.name ?? "", capacity: 17)
        put32(84, UInt32(bitPattern: acting?.pid ?? 0))
        putString(88, acting?.name ?? "", capacity: 17)
        return header
    }

    static func le32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(
            bytes[offset + 3]
        ) << 24
    }

    /// A NUL-padded string field, which may lack the NUL and may end mid-character.
    static func cString(_ bytes: UnsafeRawBufferPointer, _ offset: Int, _ capacity: Int) -> String {
        let end = min(offset + capacity, bytes.count)
        guard offset < end else { return "" }
        let field = bytes[offset..<end]
        let used = field.firstIndex(of: 0) ?? end
        return String(decoding: bytes[offset..<used], as: UTF8.self)
    }
}
