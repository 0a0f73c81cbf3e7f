/// Reads classic pcap files, streaming, with timestamps in nanoseconds whatever the file's own
/// precision: what `scanbench analyze` reads a pcap file with (libpcap's two `fread`s and two
/// copies per record were a tenth of the analysis; see docs/CAPTURE.md).
///
/// Files (the format libpcap's savefile.c and sf-pcap.c read): the magic in either byte
/// order, microsecond (0xA1B2C3D4) or nanosecond (0xA1B23C4D); Alexey Kuznetzov's patched
/// format (0xA1B2CD34), whose record headers carry 8 more bytes; version 2.0 to 2.4, where
/// before 2.3 the captured and original lengths were written the other way round (and some 2.3
/// writers still did), and DG/UX's 543.0. Seconds are read unsigned, as Wireshark reads them,
/// so a file written after 2038 keeps its times. The link type's top six bits (FCS length) are
/// ignored. A record longer than the file's snap length is handed over whole (libpcap cuts it to
/// the snap length).
///
/// Damage (a record header or record cut short, a captured length past
/// `PcapngReader.maximumBlockLength`) stops the walk with `CaptureError.damagedFile` after every
/// record before it was handed over. Not thread-safe: one reader belongs to one thread.
public final class PcapReader {
    /// The file being read.
    public let path: String
    /// The link-layer type of the records.
    public let linkType: LinkType
    /// The file's snapshot length.
    public let snapshotLength: Int
    /// The first four bytes of a classic pcap file, as a little-endian load reads them when the
    /// file was written in this machine's byte order.
    static let microsecondMagic: UInt32 = 0xA1B2_C3D4
    static let nanosecondMagic: UInt32 = 0xA1B2_3C4D
    static let kuznetzovMagic: UInt32 = 0xA1B2_CD34

    private let input: FileBuffer
    private let swapped: Bool
    private let nanoseconds: Bool
    /// 16, or 24 in Kuznetzov's format.
    private let headerLength: Int
    private let lengths: LengthOrder

    /// Where a record header keeps the captured length.
    private enum LengthOrder {
        /// Captured, then original (2.3 and later).
        case captureFirst
        /// Original, then captured (before 2.3, DG/UX).
        case originalFirst
        /// 2.3: either; a "captured" length larger than the original one means the other order.
        case either
    }

    /// Opens a classic pcap file.
    ///
    /// - Throws: `CaptureError.fileOpenFailed` when the file is missing, shorter than a pcap file
    ///   header, or not a pcap file of a version this reader knows.
    public init(path: String) throws(CaptureError) {
        self.path = path
        input = try FileBuffer(path: path)
        guard try input.fill(24) else {
            throw .fileOpenFailed(
                path: path,
                message: "not a pcap file (\(input.available) bytes, shorter than the 24-byte pcap file header)"
            )
        }
        let magic = input.raw32(0)
        switch magic {
        case Self.microsecondMagic, Self.nanosecondMagic, Self.kuznetzovMagic: swapped = false
        case Self.microsecondMagic.byteSwapped, Self.nanosecondMagic.byteSwapped, Self.kuznetzovMagic.byteSwapped:
            swapped = true
        default:
            throw .fileOpenFailed(
                path: path,
                message: "not a pcap file (its first bytes are \(Self.hex(magic)), no pcap magic)"
            )
        }
        let native = swapped ? magic.byteSwapped : magic
        nanoseconds = native == Self.nanosecondMagic
        headerLength = native == Self.kuznetzovMagic ? 24 : 16
        // Two 16-bit fields: each is swapped on its own.
        let version = input.raw32(4)
        var (major, minor) = (UInt16(truncatingIfNeeded: version), UInt16(truncatingIfNeeded: version >> 16))
        if swapped { (major, minor) = (major.byteSwapped, minor.byteSwapped) }
        switch (major, minor) {
        case (2, 0...2), (543, 0): lengths = .originalFirst
        case (2, 3): lengths = .either
        case (2, 4): lengths = .captureFirst
        default:
            throw .fileOpenFailed(
                path: path,
                message: "pcap version \(major).\(minor), which no pcap writer produces (2.0 to 2.4)"
            )
        }
        snapshotLength = Int(swapped ? input.raw32(16).byteSwapped : input.raw32(16))
        let link = swapped ? input.raw32(20).byteSwapped : input.raw32(20)
        linkType = LinkType(dlt: Int32(bitPattern: link & 0x03FF_FFFF))
        input.skip(24)
    }

    /// Calls `body` for every remaining record, in file order, without copying the bytes.
    ///
    /// - Parameter body: receives each record; its bytes are valid only during the call.
    /// - Returns: the number of records read.
    /// - Throws: `CaptureError.damagedFile` (records before it were handed over), or what
    ///   `body` throws.
    @discardableResult
    public func forEach(_ body: (CaptureRecord) throws -> Void) throws -> Int {
        var count = 0
        let scale: Int64 = nanoseconds ? 1 : 1_000
        while true {
            guard try input.fill(headerLength) else {
                if input.available == 0 { return count }
                throw damage(
                    "record header",
                    "the file ends \(input.available) bytes into a \(headerLength)-byte record header"
                )
            }
            let seconds = Int64(field(0)), fraction = Int64(field(4))
            var captured = Int(field(8)), original = Int(field(12))
            switch lengths {
            case .captureFirst: break
            case .originalFirst: swap(&captured, &original)
            case .either: if captured > original { swap(&captured, &original) }
            }
            guard captured <= PcapngReader.maximumBlockLength else {
                throw damage(
                    "record header",
                    "captured length \(captured) is past the \(PcapngReader.maximumBlockLength) bytes any record may have"
                )
            }
            guard try input.fill(headerLength + captured) else {
                throw damage(
                    "record",
                    "the record says \(captured) captured bytes but the file ends after \(input.available - headerLength)"
                )
            }
            // Wrapping, then clamped: a hostile time is a wrong time, never a trap.
            let timestamp = CaptureRecord.clamped(seconds &* 1_000_000_000 &+ fraction &* scale)
            try body(
                CaptureRecord(
                    timestamp: timestamp,
                    originalLength: original,
                    bytes: input.bytes(headerLength..<(headerLength + captured)),
                    linkType: linkType,
                    interface: 0,
                    process: nil
                )
            )
            input.skip(headerLength + captured)
            count += 1
        }
    }

    /// The record header's 32-bit field at `at`.
    @inline(__always)
    private func field(_ at: Int) -> UInt32 {
        swapped ? input.raw32(at).byteSwapped : input.raw32(at)
    }

    /// The four bytes as they lie in the file, in hex.
    private static func hex(_ raw: UInt32) -> String {
        withUnsafeBytes(of: raw) { $0.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ") }
    }

    private func damage(_ what: String, _ reason: String) -> CaptureError {
        .damagedFile(path: path, offset: input.offset, block: what, reason: reason)
    }
}
