import TestbedPlatform

/// Any capture file `scanbench analyze` reads: classic pcap through our `PcapReader`, pcapng
/// through our `PcapngReader` (libpcap refuses pcapng files whose interfaces differ in link
/// type, and hides packet options, where iPhone captures keep process names), or either through
/// libpcap for comparison. Per packet it hands over the link type and, when asked, the process —
/// from the pcapng blocks or from a PKTAP header.
///
/// Not thread-safe: one reader belongs to one thread.
public final class CaptureFile {
    /// The container format, told by the first four bytes.
    public enum Format: String, Sendable, Codable {
        case pcap, pcapng
    }

    /// Which code reads the file: ours (the default, measured faster in docs/CAPTURE.md) or
    /// libpcap's, kept for comparison and for the throughput measurement.
    public enum Reading: Sendable {
        case native, libpcap
    }

    /// The file being read.
    public let path: String
    /// The container format.
    public let format: Format
    private let pcapng: PcapngReader?
    private let pcap: PcapReader?
    private let libpcap: PcapFileReader?

    /// Opens a capture file.
    ///
    /// - Throws: `CaptureError.fileOpenFailed` when it is missing, no regular file (a directory,
    ///   a pipe) or neither pcap nor pcapng; `.unsupportedLinkType` when a classic pcap file's
    ///   link type cannot be analysed.
    public init(path: String, reading: Reading = .native) throws(CaptureError) {
        self.path = path
        try Self.requireRegularFile(path)
        let isPcapng = try Self.startsWithSectionHeader(path)
        format = isPcapng ? .pcapng : .pcap
        let linkType: LinkType
        switch (isPcapng, reading) {
        case (true, .native):
            (pcapng, pcap, libpcap) = (try PcapngReader(path: path), nil, nil)
            return  // link types come with the interface blocks
        case (false, .native):
            let reader = try PcapReader(path: path)
            (pcapng, pcap, libpcap) = (nil, reader, nil)
            linkType = reader.linkType
        case (_, .libpcap):
            let reader = try PcapFileReader(path: path)
            (pcapng, pcap, libpcap) = (nil, nil, reader)
            linkType = reader.linkType
        }
        guard linkType.isSupported else {
            throw .unsupportedLinkType(path: path, linkType: linkType.fileValue, interface: nil)
        }
    }

    /// The link types read so far (a classic pcap file has one, known at open).
    /// Frames the capture says it dropped (pcapng interface statistics, known once `forEach` has
    /// walked the file); nil when the file does not say (classic pcap never does).
    public var droppedFrames: UInt64? { pcapng?.droppedFrames }

    public var linkTypes: [LinkType] {
        pcapng?.linkTypes ?? pcap.map { [$0.linkType] } ?? libpcap.map { [$0.linkType] } ?? []
    }

    /// Calls `body` for every packet in file order, bytes borrowed for the call.
    ///
    /// - Parameters:
    ///   - wantsProcess: fill `CaptureRecord.process` and `.effectiveProcess` from the file's
    ///     process blocks, packet comments or PKTAP headers.
    /// - Returns: the number of packets read.
    /// - Throws: `CaptureError.damagedFile` / `.fileReadFailed` at damage (everything before it
    ///   was handed over), `.unsupportedLinkType` at a pcapng interface of an unknown type.
    @discardableResult
    public func forEach(wantsProcess: Bool = false, _ body: (CaptureRecord) throws -> Void) throws -> Int {
        let withPKTAPProcess: (CaptureRecord) throws -> Void = { record in
            var record = record
            if record.process == nil, record.effectiveProcess == nil, record.linkType == .pktap,
                let header = PKTAPHeader(record.bytes)
            {
                record.process = header.process
                record.effectiveProcess = header.effectiveProcess
            }
            try body(record)
        }
        let deliver = wantsProcess ? withPKTAPProcess : body
        if let pcapng { return try pcapng.forEach(wantsProcess: wantsProcess, deliver) }
        if let pcap { return try pcap.forEach(deliver) }
        guard let libpcap else { return 0 }
        let linkType = libpcap.linkType
        return try libpcap.forEach { timestamp, length, bytes in
            try deliver(
                CaptureRecord(
                    timestamp: timestamp,
                    originalLength: length,
                    bytes: bytes,
                    linkType: linkType,
                    interface: 0,
                    process: nil
                )
            )
        }
    }

    /// A capture is opened twice (its first four bytes tell the format, then its reader starts
    /// over) and `analyze` may read it twice more (the scanner's radio runs are replayed once
    /// the scanner is known). A pipe would lose what the first look read, and a named pipe
    /// would block the second open for ever, so anything but a regular file is refused.
    private static func requireRegularFile(_ path: String) throws(CaptureError) {
        let kind: FileKind
        do { kind = try FileKind.of(path) } catch { throw .fileOpenFailed(path: path, message: error.reason) }
        switch kind {
        case .regular: return
        case .directory:
            throw .fileOpenFailed(path: path, message: "it is a directory; name a pcap or pcapng file in it")
        case .other:
            throw .fileOpenFailed(
                path: path,
                message: "it is a pipe or device, not a file, and analysis reads a capture more than once; "
                    + "save the stream first (e.g. tcpdump -w capture.pcap, or ... > capture.pcap) and analyse that"
            )
        }
    }

    private static func startsWithSectionHeader(_ path: String) throws(CaptureError) -> Bool {
        var magic: UInt32 = 0
        do {
            let file = try StdioFile(path: path, mode: "rb", buffering: .none)
            return try file.read(into: &magic, count: 4) == 4 && magic == PcapngReader.sectionHeaderType
        } catch {
            throw .fileOpenFailed(path: path, message: error.reason)
        }
    }
}
