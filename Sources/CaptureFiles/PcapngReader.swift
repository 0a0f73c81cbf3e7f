/// Reads pcapng files block by block, streaming, with what libpcap does not give: one link type
/// per interface (Apple's `tcpdump -P` writes several), and the per-packet process from Apple's
/// process information blocks or pymobiledevice3's packet comments.
///
/// Blocks (docs/research/iphone-capture-formats.md §4): section headers in either byte order
/// (section length −1 or not); interface descriptions with `if_tsresol` and `if_tsoffset`;
/// enhanced, simple and the obsolete packet blocks; Apple's process information block
/// (0x80000001, referenced by the EPB options 0x8001/0x8003). Name resolution, statistics and
/// every other block are skipped. Hostile input cannot make it allocate without bound: a block
/// longer than `maximumBlockLength` is damage, not a reason to grow the buffer.
///
/// Damage (a block cut short, a bad length, a packet naming an interface never described) stops
/// the walk with `CaptureError.damagedFile` after every packet before it was handed over.
/// Not thread-safe: one reader belongs to one thread.
public final class PcapngReader {
    /// The file being read.
    public let path: String
    /// The largest block accepted: 16 MiB, 64 times the largest snap length tools write.
    public static let maximumBlockLength = 16 << 20
    /// The pcapng section header's block type, the file's first four bytes in any byte order.
    public static let sectionHeaderType: UInt32 = 0x0A0D_0D0A

    private let input: FileBuffer
    private var bigEndian = false
    private var interfaces: [PcapngInterface] = []
    /// Apple process information blocks of the current section, in order of appearance.
    private var processes: [PacketProcess?] = []
    private var lastTimestamp: Int64 = 0
    /// Every link type an interface of the file declared so far, in order of first appearance.
    public private(set) var linkTypes: [LinkType] = []
    /// Frames the capture lost, per (section, interface): the last interface statistics block's
    /// `isb_ifdrop` (lost by the interface) plus `isb_osdrop` (lost by the OS's buffer), which are
    /// counts since the capture started (pcapng §4.6), so the last block of each interface counts.
    private var dropsByInterface: [Int: UInt64] = [:]
    private var section = -1
    /// Frames the capture says it dropped, read as the file is walked; nil when no interface
    /// statistics block gave a drop count (absent, not zero: most writers leave it out).
    public var droppedFrames: UInt64? { dropsByInterface.isEmpty ? nil : dropsByInterface.values.reduce(0, +) }

    /// Opens a pcapng file.
    ///
    /// - Throws: `CaptureError.fileOpenFailed` when the file is missing or does not start with a
    ///   pcapng section header.
    public init(path: String) throws(CaptureError) {
        self.path = path
        input = try FileBuffer(path: path)
        guard try input.fill(4), input.raw32(0) == Self.sectionHeaderType else {
            throw .fileOpenFailed(path: path, message: "not a pcapng file (no section header block at the start)")
        }
    }

    /// Calls `body` for every remaining packet, in file order, without copying the bytes.
    ///
    /// - Parameters:
    ///   - wantsProcess: whether to read packet options for the owning and effective process
    ///     (costs a little per packet; off, `CaptureRecord.process` and `.effectiveProcess` are nil).
    ///   - body: receives each packet; its bytes are valid only during the call.
    /// - Returns: the number of packets read.
    /// - Throws: `CaptureError.damagedFile` or `.unsupportedLinkType` (packets before it were
    ///   handed over), or what `body` throws.
    @discardableResult
    public func forEach(wantsProcess: Bool = false, _ body: (CaptureRecord) throws -> Void) throws -> Int {
        var count = 0
        while true {
            let offset = input.offset
            guard try input.fill(8) else {
                if input.available == 0 { return count }
                throw damage(
                    offset,
                    "block header",
                    "the file ends \(input.available) bytes into an 8-byte block header"
                )
            }
            // The section header's type reads the same in both byte orders; every other field
            // is in the byte order its magic sets.
            if input.raw32(0) == Self.sectionHeaderType {
                guard try input.fill(12) else {
                    throw damage(offset, "section header", "the file ends inside the byte-order magic")
                }
                switch input.raw32(8) {
                case 0x1A2B_3C4D: bigEndian = false
                case 0x4D3C_2B1A: bigEndian = true
                default: throw damage(offset, "section header", "unknown byte-order magic")
                }
            }
            let type = value32(input.raw32(0))
            let name = Self.blockName(type)
            let length = Int(value32(input.raw32(4)))
            guard length >= 12, length % 4 == 0, length <= Self.maximumBlockLength else {
                throw damage(
                    offset,
                    name,
                    "block length \(length) is not a multiple of 4 between 12 and \(Self.maximumBlockLength)"
                )
            }
            guard try input.fill(length) else {
                throw damage(offset, name, "the block says \(length) bytes but the file ends after \(input.available)")
            }
            guard Int(value32(input.raw32(length - 4))) == length else {
                throw damage(offset, name, "the trailing length differs from the leading \(length)")
            }
            let block = input.bytes(8..<(length - 4))
            switch type {
            case Self.sectionHeaderType: try readSectionHeader(block, offset: offset)
            case 1: try readInterface(block, offset: offset)
            case 6, 2:
                try readPacket(block, type: type, offset: offset, wantsProcess: wantsProcess, body)
                count += 1
            case 3:
                try readSimplePacket(block, offset: offset, body)
                count += 1
            case 0x8000_0001: try readProcess(block, offset: offset)
            case 5: try readStatistics(block, offset: offset)
            default: break
            }
            input.skip(length)
        }
    }

    // MARK: Blocks

    private func readSectionHeader(_ block: UnsafeRawBufferPointer, offset: Int64) throws(CaptureError) {
        guard block.count >= 16 else {
            throw damage(offset, "section header", "body of \(block.count) bytes, at least 16 needed")
        }
        let major = value16(block, 4)
        guard major == 1 else { throw damage(offset, "section header", "pcapng major version \(major), only 1 exists") }
        // Interface and process indexes count within a section.
        section += 1
        interfaces.removeAll(keepingCapacity: true)
        processes.removeAll(keepingCapacity: true)
    }

    private func readInterface(_ block: UnsafeRawBufferPointer, offset: Int64) throws(CaptureError) {
        guard block.count >= 8 else {
            throw damage(offset, "interface description", "body of \(block.count) bytes, at least 8 needed")
        }
        let value = value16(block, 0)
        let linkType = LinkType(dlt: Int32(value))
        guard linkType.isSupported else {
            throw .unsupportedLinkType(path: path, linkType: UInt32(value), interface: interfaces.count)
        }
        var interface = PcapngInterface(linkType: linkType, snapshotLength: value32(block, 4))
        try forEachOption(block, from: 8, offset: offset, name: "interface description") { code, option in
            if code == 9, option.count >= 1 { interface.timestampResolution = option[0] }
            if code == 14, option.count >= 8 {
                interface.timestampOffset = Int64(
                    bitPattern: UInt64(value32(option, bigEndian ? 4 : 0))
                        | UInt64(value32(option, bigEndian ? 0 : 4)) << 32
                )
            }
        }
        interfaces.append(interface)
        if !linkTypes.contains(linkType) { linkTypes.append(linkType) }
    }

    /// An interface statistics block (type 5): interface id, timestamp, then options whose
    /// `isb_ifdrop` (5) and `isb_osdrop` (7) are 64-bit drop counts.
    private func readStatistics(_ block: UnsafeRawBufferPointer, offset: Int64) throws(CaptureError) {
        guard block.count >= 12 else {
            throw damage(offset, "interface statistics", "body of \(block.count) bytes, at least 12 needed")
        }
        let interface = Int(value32(block, 0))
        var dropped: UInt64?
        try forEachOption(block, from: 12, offset: offset, name: "interface statistics") { code, option in
            guard code == 5 || code == 7, option.count >= 8 else { return }
            dropped = (dropped ?? 0) &+ value64(option)
        }
        if let dropped { dropsByInterface[section << 32 | interface] = dropped }
    }

    /// An enhanced packet block (type 6) or the obsolete packet block (type 2), which differ only
    /// in the interface id's width.
    private func readPacket(
        _ block: UnsafeRawBufferPointer,
        type: UInt32,
        offset: Int64,
        wantsProcess: Bool,
        _ body: (CaptureRecord) throws -> Void
    ) throws {
        let name = Self.blockName(type)
        guard block.count >= 20 else { throw damage(offset, name, "body of \(block.count) bytes, at least 20 needed") }
        let index = Int(type == 6 ? value32(block, 0) : UInt32(value16(block, 0)))
        guard index < interfaces.count else {
            throw damage(offset, name, "packet on interface \(index), but the section describes \(interfaces.count)")
        }
        let interface = interfaces[index]
        let captured = Int(value32(block, 12))
        guard captured <= block.count - 20 else {
            throw damage(offset, name, "captured length \(captured) exceeds the block's \(block.count - 20) data bytes")
        }
        let timestamp = interface.nanoseconds(UInt64(value32(block, 4)) << 32 | UInt64(value32(block, 8)))
        lastTimestamp = timestamp
        var process: PacketProcess?
        var effective: PacketProcess?
        if wantsProcess {
            // Apple's options 0x8001 (owner) and 0x8003 (effective) are PIB indexes; an option
            // shorter than 4 bytes or an index past the section's PIBs names nothing.
            var fromBlock: PacketProcess??
            var effectiveFromBlock: PacketProcess??
            var fromComment: (process: PacketProcess?, effective: PacketProcess?)?
            try forEachOption(block, from: 20 + (captured + 3) & ~3, offset: offset, name: name) { code, option in
                if code == 1, fromComment == nil {
                    fromComment = PacketProcess.owners(pymobiledevice3Comment: option)
                } else if code == 0x8001 || code == 0x8003, option.count >= 4 {
                    let pib = Int(value32(option, 0))
                    let named = pib < processes.count ? processes[pib] : nil
                    if code == 0x8001 { fromBlock = named } else { effectiveFromBlock = named }
                }
            }
            process = fromBlock ?? fromComment?.process
            effective = PacketProcess.effective(effectiveFromBlock ?? fromComment?.effective, besides: process)
        }
        try body(
            CaptureRecord(
                timestamp: timestamp,
                originalLength: Int(value32(block, 16)),
                bytes: UnsafeRawBufferPointer(rebasing: block[20..<(20 + captured)]),
                linkType: interface.linkType,
                interface: index,
                process: process,
                effectiveProcess: effective
            )
        )
    }

    /// A simple packet block: interface 0, no timestamp (the previous packet's is used, so
    /// durations stay meaningful), captured length the smaller of the snap length and the data.
    private func readSimplePacket(
        _ block: UnsafeRawBufferPointer,
        offset: Int64,
        _ body: (CaptureRecord) throws -> Void
    ) throws {
        guard block.count >= 4 else {
            throw damage(offset, "simple packet", "body of \(block.count) bytes, at least 4 needed")
        }
        guard let interface = interfaces.first else {
            throw damage(offset, "simple packet", "packet before any interface description")
        }
        let original = Int(value32(block, 0))
        var captured = min(original, block.count - 4)
        if interface.snapshotLength > 0 { captured = min(captured, Int(interface.snapshotLength)) }
        try body(
            CaptureRecord(
                timestamp: lastTimestamp,
                originalLength: original,
                bytes: UnsafeRawBufferPointer(rebasing: block[4..<(4 + captured)]),
                linkType: interface.linkType,
                interface: 0,
                process: nil
            )
        )
    }

    /// Apple's process information block: pid, then options (2 = name).
    private func readProcess(_ block: UnsafeRawBufferPointer, offset: Int64) throws(CaptureError) {
        guard block.count >= 4 else {
            throw damage(offset, "Apple process information", "body of \(block.count) bytes, at least 4 needed")
        }
        var name = ""
        try forEachOption(block, from: 4, offset: offset, name: "Apple process information") { code, option in
            if code == 2 { name = PKTAPHeader.cString(option, 0, option.count) }
        }
        processes.append(PacketProcess(pid: Int32(bitPattern: value32(block, 0)), name: name))
    }

    // MARK: Bytes

    /// Walks `code u16, length u16, value padded to 4` options up to `opt_endofopt` or the end.
    private func forEachOption(
        _ block: UnsafeRawBufferPointer,
        from first: Int,
        offset: Int64,
        name: String,
        _ body: (UInt16, UnsafeRawBufferPointer) -> Void
    ) throws(CaptureError) {
        var at = first
        while at + 4 <= block.count {
            let code = value16(block, at)
            let length = Int(value16(block, at + 2))
            if code == 0 { return }
            guard at + 4 + length <= block.count else {
                throw damage(offset, name, "option \(code) of \(length) bytes runs past the block")
            }
            body(code, UnsafeRawBufferPointer(rebasing: block[(at + 4)..<(at + 4 + length)]))
            at += 4 + (length + 3) & ~3
        }
    }

    private func value32(_ raw: UInt32) -> UInt32 { bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw) }
    private func value32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        value32(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }
    private func value64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        UInt64(value32(bytes, bigEndian ? 4 : 0)) | UInt64(value32(bytes, bigEndian ? 0 : 4)) << 32
    }
    private func value16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        let raw = bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)
        return bigEndian ? UInt16(bigEndian: raw) : UInt16(littleEndian: raw)
    }

    private func damage(_ offset: Int64, _ block: String, _ reason: String) -> CaptureError {
        .damagedFile(path: path, offset: offset, block: block, reason: reason)
    }

    static func blockName(_ type: UInt32) -> String {
        switch type {
        case sectionHeaderType: "section header"
        case 1: "interface description"
        case 2: "packet (obsolete)"
        case 3: "simple packet"
        case 4: "name resolution"
        case 5: "interface statistics"
        case 6: "enhanced packet"
        case 0x8000_0001: "Apple process information"
        default: "block type 0x" + String(type, radix: 16)
        }
    }
}
